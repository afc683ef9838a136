/** `npm run seed:demo`: adds the demo accounts (idempotent), on any database. */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { DEMO_PASSWORD, demoAccounts, seed } from '../seed';

const config = loadConfig();
const database = await openDatabase(config.database);
await database.migrate();
await seed(database.db, { demo: true });
await database.close();
console.log(
  `Demo accounts (password ${DEMO_PASSWORD}):\n${demoAccounts.map((a) => `  ${a.email}`).join('\n')}`,
);
