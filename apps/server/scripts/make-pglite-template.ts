// Bundled by build.mjs beside dist/main.js and run once there: writes dist/pglite-template.tar.gz
// (a migrated PGlite database, reference data included, that a fresh DATA_DIR starts from) from
// dist/migrations. The demo accounts are not in it: they depend on SEED_DEMO, so the start adds them.
import path from 'node:path';
import { createPgliteTemplate } from '../src/db/client';
import { TEMPLATE_FILE } from '../src/db/pglite-template';
import { seed } from '../src/seed';

export async function makePgliteTemplate(distDir: string): Promise<string> {
  const file = path.join(distDir, TEMPLATE_FILE);
  await createPgliteTemplate(file, path.join(distDir, 'migrations'), (db) => seed(db, { demo: false }));
  return file;
}
