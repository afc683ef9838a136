/**
 * A counter per database moved by every write that changes which posts the feed lists (create,
 * publish, archive, delete, hide): the feed's kept total (`posts.feed.ts`) is forgotten with it.
 * Another instance's kept total lags at most the search cache's TTL (a count, never a row).
 */
import { generationCounter } from '../../lib/result-cache';

const feed = generationCounter();
export const postsGeneration = feed.current;
export const postsChanged = feed.changed;
