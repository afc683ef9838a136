/**
 * The people of the realtime scenario (issue 9), written straight into a migrated database: N users
 * with a signed-in session each (the cookie token is known here: the `sessions` row holds its
 * sha256, as a sign-in writes it), and a sales team of the first M of them with its "Général" chat.
 * The first user created the team; their e-mail is verified and their profile finished, so that they
 * may write in the chat. Sign-ins through the API would hash a password per user: minutes for
 * thousands of users; this takes a few seconds.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Database, Tx } from '@closia/server/db/client';
import { chats, profiles, sessions, teamMembers, teams, users } from '@closia/server/db/schema';
import { insertBatches } from './marketplace';

export interface RealtimePeople {
  users: { id: number; token: string }[];
  teamId: number;
  chatId: number;
  /** Team members: the first `members` users; users[0] is the creator (and the one who writes). */
  members: number;
}

const DAY = 86_400_000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

export async function generateRealtime(
  database: Database,
  options: { users: number; members: number },
): Promise<RealtimePeople> {
  const now = Date.now();
  const tag = randomBytes(4).toString('hex');
  return database.db.transaction(async (tx: Tx) => {
    const rows = Array.from({ length: options.users }, (_, i) => ({
      firstName: 'Temps',
      lastName: `Réel ${i + 1}`,
      email: `rt-${tag}-${i + 1}@bench.closia.fr`,
      passwordHash: null,
      emailVerifiedAt: new Date(now - 30 * DAY),
      role: 'closer',
    }));
    const ids: number[] = [];
    await insertBatches('users', rows, async (batch) => {
      const inserted = await tx.insert(users).values(batch).returning({ id: users.id });
      ids.push(...inserted.map((r) => r.id));
    });
    const people = ids.map((id) => ({ id, token: randomBytes(32).toString('base64url') }));
    await insertBatches('sessions', people, (batch) =>
      tx
        .insert(sessions)
        .values(
          batch.map((p) => ({ id: sha256(p.token), userId: p.id, expiresAt: new Date(now + 7 * DAY) })),
        ),
    );
    const writer = people[0]!;
    await tx.insert(profiles).values({
      userId: writer.id,
      kind: 'closer',
      finishedProfileSetup: true,
      onboardingStep: 'done',
      description: 'Closer du banc de mesure temps réel.',
      conversionRate: 5,
      experience: '2020-01-01',
      skills: [],
      workSectorIds: [],
    });
    const [team] = await tx
      .insert(teams)
      .values({ name: `Banc temps réel ${tag}`, createdById: writer.id })
      .returning({ id: teams.id });
    const members = people.slice(0, options.members);
    await insertBatches('team_members', members, (batch) =>
      tx.insert(teamMembers).values(
        batch.map((p, i) => ({
          teamId: team!.id,
          userId: p.id,
          role: i === 0 && p === writer ? 'creator' : 'member',
        })),
      ),
    );
    const [chat] = await tx
      .insert(chats)
      .values({ teamId: team!.id, name: 'Général', isDefault: true, createdById: writer.id })
      .returning({ id: chats.id });
    return { users: people, teamId: team!.id, chatId: chat!.id, members: members.length };
  });
}
