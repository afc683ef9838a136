/**
 * Fills a database with the search scenario's marketplace (see marketplace.ts), with `--crm` the
 * crm scenario's CRM of 200 sellers and a heavy user (see crm-team.ts), or with `--crm-setter` the
 * CRM of one busy setter (crm.ts), e.g. to look at query plans on realistic data. The database
 * must have been migrated and seeded: start the server on it once first.
 *
 *   npx tsx bench/src/generate/cli.ts postgres://postgres@127.0.0.1:5432/closia_dev [--scale 1] [--seed 7]
 *   npx tsx bench/src/generate/cli.ts ./data [--scale 0.1]      (a DATA_DIR: PGlite in ./data/db; server stopped)
 *   npx tsx bench/src/generate/cli.ts postgres://…/closia_dev --crm [--scale 1] [--seed 19]
 *   npx tsx bench/src/generate/cli.ts postgres://…/closia_dev --crm-setter [--scale 1] [--seed 8]
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '@closia/server/db/client';
import { generateCrm } from './crm';
import { generateCrmTeam } from './crm-team';
import { generateMarketplace } from './marketplace';

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      scale: { type: 'string', default: '1' },
      seed: { type: 'string' },
      crm: { type: 'boolean', default: false },
      'crm-setter': { type: 'boolean', default: false },
    },
  });
  const target = positionals[0];
  const scale = Number(values.scale);
  const seed = Number(values.seed ?? (values.crm ? 19 : values['crm-setter'] ? 8 : 7));
  if (!target || !(scale > 0) || !Number.isInteger(seed)) {
    console.error(
      'usage: tsx bench/src/generate/cli.ts <postgres://… | DATA_DIR> [--crm | --crm-setter] [--scale 1] [--seed 7]',
    );
    process.exit(2);
  }
  const postgresUrl = /^postgres(ql)?:\/\//.test(target);
  const dataDir = path.resolve(target, 'db');
  if (!postgresUrl && !existsSync(dataDir)) {
    console.error(`${dataDir} does not exist: start the server once with DATA_DIR=${target} first`);
    process.exit(2);
  }
  const database = await openDatabase(
    postgresUrl ? { kind: 'postgres', url: target } : { kind: 'pglite', dataDir },
    { template: null },
  );
  try {
    if (values.crm) {
      const team = await generateCrmTeam(database, { scale, seed, log: (line) => console.log(`  ${line}`) });
      console.log(
        `generated in ${(team.timings.totalMs / 1000).toFixed(1)} s (inserts ${(team.timings.insertMs / 1000).toFixed(1)} s, ` +
          `vacuum analyze ${(team.timings.vacuumMs / 1000).toFixed(1)} s): ${JSON.stringify(team.counts)}`,
      );
      console.log(
        `sign in as ${team.sellers[0]!.email} … ${team.sellers.at(-1)!.email}, ${team.heavy.email} (the heavy user) or ${team.importer.email}, password ${team.password}`,
      );
      return;
    }
    if (values['crm-setter']) {
      const crm = await generateCrm(database, { scale, seed, log: (line) => console.log(`  ${line}`) });
      console.log(
        `generated in ${(crm.timings.totalMs / 1000).toFixed(1)} s (inserts ${(crm.timings.insertMs / 1000).toFixed(1)} s, ` +
          `vacuum analyze ${(crm.timings.vacuumMs / 1000).toFixed(1)} s): ${JSON.stringify(crm.counts)}`,
      );
      console.log(
        `sign in as ${crm.setter.email} (id ${crm.setter.id}), ${crm.closer.email} or ${crm.infopreneur.email}, password ${crm.password}`,
      );
      return;
    }
    const m = await generateMarketplace(database, {
      scale,
      seed,
      log: (line) => console.log(`  ${line}`),
    });
    console.log(
      `generated in ${(m.timings.totalMs / 1000).toFixed(1)} s (inserts ${(m.timings.insertMs / 1000).toFixed(1)} s, ` +
        `vacuum analyze ${(m.timings.vacuumMs / 1000).toFixed(1)} s): ${m.counts.visibleMissions} visible missions`,
    );
    console.log(`sign in as ${m.infopreneur.email} or ${m.setter.email}, password ${m.password}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
