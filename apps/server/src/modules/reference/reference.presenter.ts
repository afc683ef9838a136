import {
  paginated,
  type ValidatedItem,
  validatedItemResponse,
  type WorkSector,
  workSectorResponse,
} from '@closia/shared';
import type { ReferenceKind } from './reference.kinds';

/** A reference item as read from any of the three tables (the flag under a common name). */
export interface ItemRow {
  id: number;
  name: string;
  flag: boolean;
  proposedById: number | null;
  createdAt: Date;
  updatedAt: Date;
  /** Only in admin answers. */
  usage?: number;
}

export type ReferenceItem = WorkSector | ValidatedItem;

/** The API shape of an item: its flag under the kind's name (`approved` or `isValidated`). */
export function presentItem(kind: ReferenceKind, row: ItemRow): ReferenceItem {
  const common = {
    id: row.id,
    name: row.name,
    proposedById: row.proposedById,
    ...(row.usage === undefined ? {} : { usage: row.usage }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  return kind.flagName === 'approved'
    ? { ...common, approved: row.flag }
    : { ...common, isValidated: row.flag };
}

/** Response schemas of one kind: the item and a page of items. */
export function responsesOf(kind: ReferenceKind) {
  const item = kind.flagName === 'approved' ? workSectorResponse : validatedItemResponse;
  return { item, page: paginated(item) };
}
