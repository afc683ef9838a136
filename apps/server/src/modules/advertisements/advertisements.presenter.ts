import {
  type Advertisement,
  type AdvertisementStatus,
  advertisementResponse,
  paginated,
} from '@closia/shared';
import type { advertisements } from '../../db/schema';

/** A campaign as read from the database, with the name of what it promotes. */
export type AdvertisementRow = typeof advertisements.$inferSelect & { targetName: string | null };

type Dates = Pick<AdvertisementRow, 'status' | 'startsAt' | 'endsAt'>;

/** The status as answered: an active or paused campaign past its end date is ended. */
export function effectiveStatus(row: Dates, now: Date): AdvertisementStatus {
  const stored = row.status as AdvertisementStatus;
  if ((stored === 'active' || stored === 'paused') && row.endsAt <= now) return 'ended';
  return stored;
}

/** Serving now: active and between its dates (start included, end excluded). */
export const isLive = (row: Dates, now: Date) =>
  row.status === 'active' && row.startsAt <= now && now < row.endsAt;

/** clicks ÷ impressions in percent, one decimal; 0 without impressions. */
export const clickThroughRate = (clicks: number, impressions: number) =>
  impressions > 0 ? Math.round((clicks / impressions) * 1000) / 10 : 0;

/** The API shape of a campaign; `sectors` names the work sectors (unknown ids are left out). */
export function presentAdvertisement(
  row: AdvertisementRow,
  sectors: ReadonlyMap<number, string>,
  now: Date,
): Advertisement {
  return {
    id: row.id,
    title: row.title,
    text: row.text,
    image: row.image,
    serviceId: row.serviceId,
    missionId: row.missionId,
    targetName: row.targetName ?? '',
    targetWorkSectors: row.targetWorkSectorIds.flatMap((id) => {
      const name = sectors.get(id);
      return name === undefined ? [] : [{ id, name }];
    }),
    targetRole: (row.targetRole as Advertisement['targetRole']) ?? null,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    status: effectiveStatus(row, now),
    live: isLive(row, now),
    impressions: row.impressions,
    clicks: row.clicks,
    ctr: clickThroughRate(row.clicks, row.impressions),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// Response schemas of campaigns (shared with the web's types).
export const advertisementPageResponse = paginated(advertisementResponse);
export { advertisementResponse };
