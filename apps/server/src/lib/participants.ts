/**
 * Someone as conversations, teams and notifications show them (`Participant`): a name, a
 * picture, the account type and presence. One column set, one presenter, one response schema.
 */
import { type Participant, userTypes } from '@closia/shared';
import { type AnyColumn, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { profiles, users } from '../db/schema';
import { isOnline } from './presence';

/** The columns to select (with `profiles` left-joined on the user). */
export const participantColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  profilePicture: users.profilePicture,
  lastSeenAt: users.lastSeenAt,
  kind: profiles.kind,
};

export interface ParticipantRow {
  id: number;
  firstName: string;
  lastName: string;
  profilePicture: string | null;
  lastSeenAt: Date | null;
  kind: string | null;
}

export function presentParticipant(row: ParticipantRow): Participant {
  const type = (userTypes as readonly string[]).includes(row.kind ?? '')
    ? (row.kind as Participant['type'])
    : 'unknown';
  return {
    id: row.id,
    fullName: `${row.firstName} ${row.lastName}`.trim(),
    profilePicture: row.profilePicture,
    type,
    online: isOnline(row),
  };
}

/** The participant of a nullable joined user (a deleted sender, a notification without actor). */
export const presentOptionalParticipant = (
  row: {
    [K in keyof ParticipantRow]: ParticipantRow[K] | null;
  },
): Participant | null => (row.id === null ? null : presentParticipant(row as ParticipantRow));

/** The response schema of a participant (shared with the web's type). */
export { participantResponse } from '@closia/shared';

/**
 * A second (third…) person in one query: `users` and `profiles` under other names, and the
 * columns and join condition to select them with. `left join` it: the person may be gone.
 */
export function participantAlias(name: string) {
  const user = alias(users, `${name}_user`);
  const profile = alias(profiles, `${name}_profile`);
  return {
    user,
    profile,
    columns: {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      profilePicture: user.profilePicture,
      lastSeenAt: user.lastSeenAt,
      kind: profile.kind,
    },
    /** Join `user` on this column, then `profile` with `profileOn`. */
    on: (column: AnyColumn) => eq(user.id, column),
    profileOn: eq(profile.userId, user.id),
  };
}
