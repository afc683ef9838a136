import type { ReferenceKind } from '../config/reference-kinds';

export { type ReferenceStatus, referenceStatuses } from '@closia/shared';

/** Query keys of the admin reference lists; mutations invalidate by `adminReferenceKeys.kind(kind)`. */
export const adminReferenceKeys = {
  all: ['admin', 'reference'] as const,
  kind: (kind: ReferenceKind) => ['admin', 'reference', kind] as const,
  /**
   * The members' lists of the same kind (`GET /work-sectors` …, cached under `['reference', kind]`
   * by the reference feature): refreshed after an admin change so that the onboarding sees it.
   */
  publicList: (kind: ReferenceKind) => ['reference', kind] as const,
};

/** One row of an admin list: sectors (`approved`) and validated items (`isValidated`) alike. */
export interface AdminReferenceItem {
  id: number;
  name: string;
  approved: boolean;
  usage: number;
  proposedById: number | null;
  createdAt: string;
  updatedAt: string;
}
