/**
 * Whether a start must seed. The seed is idempotent but not free (a dozen queries, each the first
 * of its kind in a fresh process): an embedded data directory records, in a file of its own, which
 * build's seed completed there and whether with the demo, and a restart of the same build skips it.
 * A new build (whose seed may add something) seeds once more; without a build (tsx) every start
 * seeds, as the PostgreSQL default does.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/client';
import { defaultTemplatePath, readManifest } from '../db/pglite-template';

const MARKER_FILE = 'closia-seed.json';

interface Marker {
  /** The build whose seed completed (its template's creation instant). */
  build: string;
  demo: boolean;
}

/** This bundle's build: the instant the build wrote the template beside it; null when not built. */
function currentBuild(): string | null {
  return readManifest(defaultTemplatePath())?.createdAt ?? null;
}

export interface SeedState {
  /** Nothing to seed: this build's seed completed here (with the demo, when it is asked for). */
  done(demo: boolean): boolean;
  /** Records a completed seed (or a directory created seeded); writes only what changes. */
  record(demo: boolean): void;
}

/**
 * The seed state of an embedded database in `dataDir`, or null (PostgreSQL, in memory, no build):
 * then every start seeds.
 */
export function seedState(dataDir: string | null, database: Pick<Database, 'createdFrom'>): SeedState | null {
  const build = currentBuild();
  if (!dataDir || !build) return null;
  const file = path.join(dataDir, MARKER_FILE);
  let marker: Marker | null = null;
  try {
    if (existsSync(file)) marker = JSON.parse(readFileSync(file, 'utf8')) as Marker;
  } catch {
    marker = null; // unreadable: seed again
  }
  return {
    done(demo) {
      // Created from this build's template, seeded by the build itself (the demo one when asked for).
      if (database.createdFrom === 'demo-template') return true;
      if (database.createdFrom === 'template' && !demo) return true;
      return marker !== null && marker.build === build && (marker.demo || !demo);
    },
    record(demo) {
      const next: Marker = { build, demo: demo || (marker?.build === build && marker.demo) };
      if (marker?.build === next.build && marker.demo === next.demo) return;
      writeFileSync(file, `${JSON.stringify(next)}\n`);
      marker = next;
    },
  };
}
