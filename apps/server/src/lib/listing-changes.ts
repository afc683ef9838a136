/**
 * A counter per database that moves at every write changing which missions and offers are listed
 * or what they show (create, edit, publish, close, delete, review). Caches of listing-wide figures
 * (the mission search's facets) compare it to forget what they counted before the write.
 */
import type { DbOrTx } from '../db/client';

const generations = new WeakMap<object, number>();

/** The counter of `db` (a transaction counts for its database: pass the database, not the tx). */
export const listingsGeneration = (db: DbOrTx): number => generations.get(db) ?? 0;

/** Call once the write is committed. */
export function listingsChanged(db: DbOrTx): void {
  generations.set(db, listingsGeneration(db) + 1);
}
