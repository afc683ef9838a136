// Bundled by build.mjs beside dist/main.js and run once there: writes dist/pglite-template.tar.gz
// (a migrated PGlite database, reference data included, that a fresh DATA_DIR starts from) from
// dist/migrations, and beside it dist/pglite-template-demo.tar.gz, the same with the demo seeded in
// (a fresh DATA_DIR with the demo asked for starts from it and moves the demo's dates to its first
// start: src/seed/shift.ts), so that a first start does not spend seconds seeding.
import path from 'node:path';
import { createPgliteTemplates } from '../src/db/client';
import { demoTemplatePath, TEMPLATE_FILE } from '../src/db/pglite-template';
import { seed } from '../src/seed';
import { datedColumnsWithRows } from '../src/seed/shift';

export async function makePgliteTemplate(distDir: string): Promise<string[]> {
  const file = path.join(distDir, TEMPLATE_FILE);
  const demoFile = demoTemplatePath(file);
  const now = new Date();
  await createPgliteTemplates(
    [
      { file, prepare: (db) => seed(db, { demo: false }) },
      {
        file: demoFile,
        prepare: (db) => seed(db, { demo: true, now }),
        manifest: async (database) => ({
          demoSeededAt: now.toISOString(),
          demoDateColumns: await datedColumnsWithRows(database.rows),
        }),
      },
    ],
    path.join(distDir, 'migrations'),
  );
  return [file, demoFile];
}
