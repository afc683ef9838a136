import type { NamedRef, Service, UserSummary } from '@closia/shared';
import { getTableColumns } from 'drizzle-orm';
import { services } from '../../db/schema';

/** The columns an answer shows: every one but the search text and vector (kilobytes a row). */
const { searchText: _serviceText, searchVector: _serviceVector, ...serviceShown } = getTableColumns(services);
export const serviceFields = serviceShown;
export type ServiceRow = Omit<typeof services.$inferSelect, 'searchText' | 'searchVector'>;

/** What a sale earns the seller, in euros: price × rate, computed in cents and rounded to the cent. */
export function commissionAmountOf(price: number, commissionRate: number): number {
  return Math.round((Math.round(price * 100) * commissionRate) / 100) / 100;
}

// Response schemas of offers and the references they carry (shared with the web's types).
export { serviceResponse } from '@closia/shared';

export interface ServiceExtras {
  owner: { id: number; firstName: string; lastName: string; profilePicture: string | null };
  openMissionCount: number;
  favorite: boolean;
}

export const userSummary = (u: ServiceExtras['owner']): UserSummary => ({
  id: u.id,
  fullName: `${u.firstName} ${u.lastName}`,
  profilePicture: u.profilePicture,
});

/**
 * A service as the API answers it. `sectorNames` maps work sector ids to names (fetched once for a
 * whole list); `showReason` is false for viewers other than the owner and admins.
 */
export function presentService(
  row: ServiceRow,
  extras: ServiceExtras,
  sectorNames: ReadonlyMap<number, string>,
  showReason: boolean,
): Service {
  return {
    id: row.id,
    infopreneurId: row.infopreneurId,
    infopreneur: userSummary(extras.owner),
    name: row.name,
    description: row.description,
    price: row.price,
    currency: row.currency,
    commissionRate: row.commissionRate,
    commissionAmount: commissionAmountOf(row.price, row.commissionRate),
    financingMethods: row.financingMethods as Service['financingMethods'],
    link: row.link,
    duration: row.duration,
    requestValidation: row.requestValidation,
    location: row.location,
    locationType: row.locationType as Service['locationType'],
    certifications: row.certifications as Service['certifications'],
    workSectors: namedRefs(row.workSectorIds, sectorNames),
    status: row.status as Service['status'],
    validationStatus: row.validationStatus as Service['validationStatus'],
    rejectionReason: showReason ? row.rejectionReason : null,
    openMissionCount: Number(extras.openMissionCount),
    favorite: Boolean(extras.favorite),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The known sectors of `ids`, in order, with their names. */
export function namedRefs(ids: readonly number[], names: ReadonlyMap<number, string>): NamedRef[] {
  return ids.flatMap((id) => {
    const name = names.get(id);
    return name === undefined ? [] : [{ id, name }];
  });
}
