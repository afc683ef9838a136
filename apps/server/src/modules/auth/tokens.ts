import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { tokens } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/crypto';

export type TokenType = 'email_verification' | 'password_reset' | 'email_change';

export const tokenTtl: Record<TokenType, number> = {
  email_verification: 24 * 3600_000,
  password_reset: 3600_000,
  email_change: 24 * 3600_000,
};

/** Issues a token of a type, voiding the user's earlier unused ones of that type. Returns the raw value. */
export async function issueToken(
  db: DbOrTx,
  userId: number,
  type: TokenType,
  payload?: Record<string, unknown>,
): Promise<string> {
  const raw = randomToken();
  await db
    .update(tokens)
    .set({ usedAt: new Date() })
    .where(and(eq(tokens.userId, userId), eq(tokens.type, type), isNull(tokens.usedAt)));
  await db.insert(tokens).values({
    userId,
    type,
    tokenHash: sha256(raw),
    payload: payload ?? null,
    expiresAt: new Date(Date.now() + tokenTtl[type]),
  });
  return raw;
}

/** Marks a valid token used and returns it, atomically: a token works once, within its lifetime. */
export async function consumeToken(db: DbOrTx, raw: string, type: TokenType) {
  const [row] = await db
    .update(tokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(tokens.tokenHash, sha256(raw)),
        eq(tokens.type, type),
        isNull(tokens.usedAt),
        gt(tokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row ?? null;
}
