/** `npm run admin:create -- <email>`: grants admin to an existing account, on any database. */
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { users } from '../db/schema';

const email = process.argv[2]?.trim().toLowerCase();
if (!email) {
  console.error('Usage: npm run admin:create -- <email>');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(config.database);
await database.migrate();
const [user] = await database.db.update(users).set({ admin: true }).where(eq(users.email, email)).returning();
await database.close();
if (!user) {
  console.error(`No account with the e-mail ${email}. Sign up first, then run this again.`);
  process.exit(1);
}
console.log(`${user.firstName} ${user.lastName} <${user.email}> is now an admin.`);
