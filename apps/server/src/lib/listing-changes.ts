/**
 * Counters per database that move at every write changing what a marketplace search finds, so
 * that the search caches (lib/result-cache.ts) forget what they counted or ranked before it.
 */
import { generationCounter } from './result-cache';

/**
 * Missions and offers: create, edit, publish, close, delete, review — every write changing which
 * missions are listed or what they show. Call `listingsChanged` once the write is committed (a
 * transaction counts for its database: pass the database, not the tx).
 */
const listings = generationCounter();
export const listingsGeneration = listings.current;
export const listingsChanged = listings.changed;

/**
 * Freelancers: moved by every user invalidation (ADR 005: each write to a user or a profile
 * publishes one, received by every instance).
 */
const freelancers = generationCounter();
export const freelancersGeneration = freelancers.current;
export const freelancersChanged = freelancers.changed;
