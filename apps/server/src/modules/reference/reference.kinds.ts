import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { advertisements, profiles, services, skills, validatedItems, workSectors } from '../../db/schema';

/**
 * What differs between the reference lists: everything else (listing, proposing, admin edits) is
 * one implementation in `reference.service.ts`, parameterised by one of these descriptors.
 */
export interface ReferenceKind {
  /** Value of `reference_proposers.kind`. */
  key: 'work_sector' | 'skill' | 'formation';
  /** URL segment of its endpoints (`/work-sectors`, `/admin/work-sectors`, …). */
  path: string;
  /** Singular, for "… not found" and the OpenAPI summaries. */
  label: string;
  table: typeof workSectors | typeof skills | typeof validatedItems;
  /** The approval flag: its column and its name in the API (the same name as the column's property). */
  flagName: 'approved' | 'isValidated';
  flag: typeof workSectors.approved | typeof skills.isValidated | typeof validatedItems.isValidated;
  /** Restricts a shared table to this kind's rows. */
  scope?: SQL;
  /** Columns set on every insert besides name, flag and proposer. */
  extra: { kind?: string };
  /** How many profiles and offers use the item: an expression over the item's row (one query per page). */
  usage: SQL<number>;
  /** Items stored by name elsewhere: renaming one renames it there too (same transaction). */
  renameUses?: (tx: DbOrTx, from: string, to: string) => Promise<void>;
}

const countWhere = (from: PgTable, where: SQL) => sql`(select count(*) from ${from} where ${where})`;

/** Work sectors are referenced by id from profiles, training offers and advertisements. */
export const workSectorKind: ReferenceKind = {
  key: 'work_sector',
  path: 'work-sectors',
  label: 'Work sector',
  table: workSectors,
  flagName: 'approved',
  flag: workSectors.approved,
  extra: {},
  usage: sql<number>`(
    ${countWhere(profiles, sql`${profiles.workSectorIds} @> array[${workSectors.id}]`)}
    + ${countWhere(services, sql`${services.workSectorIds} @> array[${workSectors.id}] and ${services.deletedAt} is null`)}
    + ${countWhere(advertisements, sql`${advertisements.targetWorkSectorIds} @> array[${workSectors.id}]`)}
  )::int`,
};

/** A profile's skill names matching `name` case-insensitively. */
const profileHasSkill = (name: SQL | string) =>
  sql`exists (select 1 from unnest(${profiles.skills}) as s(name) where lower(s.name) = lower(${name}::text))`;

/** Skills are stored by name in `profiles.skills`. */
export const skillKind: ReferenceKind = {
  key: 'skill',
  path: 'skills',
  label: 'Skill',
  table: skills,
  flagName: 'isValidated',
  flag: skills.isValidated,
  extra: {},
  usage: sql<number>`${countWhere(profiles, profileHasSkill(sql`${skills.name}`))}::int`,
  async renameUses(tx, from, to) {
    await tx
      .update(profiles)
      .set({
        skills: sql`array(
          select case when lower(s.name) = lower(${from}::text) then ${to}::text else s.name end
          from unnest(${profiles.skills}) with ordinality as s(name, position) order by s.position
        )`,
      })
      .where(profileHasSkill(from));
  },
};

/** A profile's formations ({ name, link }) with a name matching `name` case-insensitively. */
const profileHasFormation = (name: SQL | string) =>
  sql`exists (select 1 from jsonb_array_elements(${profiles.formations}) as f(item) where lower(f.item->>'name') = lower(${name}::text))`;

/** The formations catalogue: validated items of kind `formation`, stored by name in `profiles.formations`. */
export const formationKind: ReferenceKind = {
  key: 'formation',
  path: 'formations',
  label: 'Formation',
  table: validatedItems,
  flagName: 'isValidated',
  flag: validatedItems.isValidated,
  scope: eq(validatedItems.kind, 'formation'),
  extra: { kind: 'formation' },
  usage: sql<number>`${countWhere(profiles, profileHasFormation(sql`${validatedItems.name}`))}::int`,
  async renameUses(tx, from, to) {
    await tx
      .update(profiles)
      .set({
        formations: sql`(
          select coalesce(jsonb_agg(
            case when lower(f.item->>'name') = lower(${from}::text)
              then jsonb_set(f.item, '{name}', to_jsonb(${to}::text)) else f.item end
            order by f.position), '[]'::jsonb)
          from jsonb_array_elements(${profiles.formations}) with ordinality as f(item, position)
        )`,
      })
      .where(profileHasFormation(from));
  },
};

export const referenceKinds = [workSectorKind, skillKind, formationKind] as const;
