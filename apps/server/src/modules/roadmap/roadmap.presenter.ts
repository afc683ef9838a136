/** Rows of the road map → the answers of `@closia/shared` (`responses/roadmap.ts`). */
import {
  type AdminRoadmapItem,
  type RoadmapCategory,
  type RoadmapItem,
  type RoadmapStatus,
  roadmapCategories,
  roadmapStatuses,
} from '@closia/shared';

export interface RoadmapItemRow {
  id: number;
  title: string;
  description: string;
  status: string;
  category: string;
  voteCount: number;
  votedByMe: boolean;
  shippedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface AdminRoadmapItemRow extends RoadmapItemRow {
  declinedReason: string | null;
  suggestedBy: { id: number | null; firstName: string | null; lastName: string | null } | null;
}

const iso = (date: Date | string | null) => (date ? new Date(date).toISOString() : null);
const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;

export function presentRoadmapItem(row: RoadmapItemRow): RoadmapItem {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: oneOf<RoadmapStatus>(roadmapStatuses, row.status, 'planned'),
    category: oneOf<RoadmapCategory>(roadmapCategories, row.category, 'other'),
    voteCount: Number(row.voteCount),
    votedByMe: Boolean(row.votedByMe),
    shippedAt: iso(row.shippedAt),
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  };
}

export function presentAdminRoadmapItem(row: AdminRoadmapItemRow): AdminRoadmapItem {
  const by = row.suggestedBy;
  return {
    ...presentRoadmapItem(row),
    declinedReason: row.declinedReason,
    suggestedBy:
      by?.id == null ? null : { id: by.id, fullName: `${by.firstName ?? ''} ${by.lastName ?? ''}`.trim() },
  };
}
