import { randomBytes } from 'node:crypto';
import type { RegisterInput } from '@closia/shared';
import { hash, verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { profiles, users } from '../../db/schema';
import { logActivity } from '../../lib/activity';
import { AppError, fieldError, forbidden } from '../../lib/errors';
import type { Mailer } from '../../plugins/mailer';
import { revokeSessions } from '../../plugins/session';
import type { UnitOfWork } from '../../plugins/unit-of-work';
import { loginAttackMail, resetPasswordMail, verificationMail } from './mails';
import { consumeToken, issueToken } from './tokens';

export interface AuthContext {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  /** What follows a committed write (here: forgetting the user's cached sessions). */
  work: UnitOfWork;
  request?: FastifyRequest;
}

/** Argon2id with the OWASP-recommended parameters (19 MiB, 2 passes). */
export const hashPassword = (password: string) =>
  hash(password, { memoryCost: 19456, timeCost: 2, parallelism: 1 });
// Compared against when the e-mail is unknown, so that both cases take the same time.
const dummyHash = hashPassword(randomBytes(16).toString('hex'));

export const invalidCredentials = () =>
  new AppError(400, 'E_INVALID_CREDENTIALS', 'Invalid user credentials');
export const invalidToken = () => new AppError(400, 'E_INVALID_TOKEN', 'Invalid or expired token');

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const profileKindOf = {
  setter: 'setter',
  closer: 'closer',
  'setter-closer': 'setter_closer',
  infopreneur: 'infopreneur',
};

/** A short, readable referral code (no 0/O/1/I). */
function newAffiliationCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(randomBytes(8), (b) => alphabet[b % alphabet.length]).join('');
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return user ?? null;
}

async function sendVerification(ctx: AuthContext, user: Pick<UserRow, 'id' | 'email' | 'firstName'>) {
  const token = await issueToken(ctx.db, user.id, 'email_verification');
  const link = `${ctx.appUrl}/auth/verify-email?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send(verificationMail(user.email, user.firstName, link));
}

export async function register(ctx: AuthContext, input: RegisterInput): Promise<UserRow> {
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(ctx.db, email)) {
    throw fieldError('email', 'unique', 'The email has already been taken');
  }
  let referrerId: number | null = null;
  if (input.affiliationCode) {
    const [referrer] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.affiliationCode, input.affiliationCode.toUpperCase()))
      .limit(1);
    if (!referrer) throw fieldError('affiliationCode', 'exists', 'The selected affiliationCode is invalid');
    referrerId = referrer.id;
  }
  const passwordHash = await hashPassword(input.password);

  const user = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role ?? null,
        referrerId,
        affiliationCode: newAffiliationCode(),
      })
      .onConflictDoNothing()
      .returning();
    // Two sign-ups with the same address at once: the second one loses here.
    if (!created) throw fieldError('email', 'unique', 'The email has already been taken');
    if (input.role) await tx.insert(profiles).values({ userId: created.id, kind: profileKindOf[input.role] });
    await logActivity(tx, created.id, 'register', ctx.request);
    return created;
  });
  await sendVerification(ctx, user);
  return user;
}

/** Checks credentials; throws E_INVALID_CREDENTIALS without telling which part was wrong. */
export async function authenticate(ctx: AuthContext, email: string, password: string): Promise<UserRow> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user?.passwordHash) {
    await verify(await dummyHash, password);
    throw invalidCredentials();
  }
  if (!(await verify(user.passwordHash, password))) throw invalidCredentials();
  if (user.suspendedAt) throw forbidden('Your account is suspended', 'ACCOUNT_SUSPENDED');
  await logActivity(ctx.db, user.id, 'login', ctx.request);
  return user;
}

/** Sends a reset link when the account exists; the caller answers the same either way. */
export async function requestPasswordReset(ctx: AuthContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.suspendedAt) return;
  const token = await issueToken(ctx.db, user.id, 'password_reset');
  const link = `${ctx.appUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send(resetPasswordMail(user.email, user.firstName, link));
  await logActivity(ctx.db, user.id, 'forgot-password', ctx.request);
}

/**
 * Tells the owner that their account's password is being guessed at (the per-account limit was
 * reached): nothing to do if they are not locked out, a link to change the password otherwise.
 */
export async function warnOfLoginAttack(ctx: AuthContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.suspendedAt) return;
  await ctx.mailer.send(loginAttackMail(user.email, user.firstName, `${ctx.appUrl}/auth/forgot-password`));
}

/** Sets a new password from a reset token; every session of the user ends. Returns whose it was. */
export async function resetPassword(
  ctx: AuthContext,
  token: string,
  password: string,
): Promise<{ id: number; email: string }> {
  const passwordHash = await hashPassword(password);
  const user = await ctx.db.transaction(async (tx) => {
    const row = await consumeToken(tx, token, 'password_reset');
    if (!row) throw invalidToken();
    // Following the link proved the inbox is theirs.
    const [user] = await tx
      .update(users)
      .set({ passwordHash })
      .where(eq(users.id, row.userId))
      .returning({ id: users.id, email: users.email, emailVerifiedAt: users.emailVerifiedAt });
    if (!user) throw invalidToken();
    if (!user.emailVerifiedAt)
      await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    await revokeSessions(tx, row.userId);
    await logActivity(tx, row.userId, 'reset-password', ctx.request);
    return { id: user.id, email: user.email };
  });
  ctx.work.forget({ user: user.id });
  return user;
}

export async function changePassword(
  ctx: AuthContext,
  user: UserRow,
  currentSessionId: string | null,
  currentPassword: string,
  password: string,
): Promise<void> {
  if (!user.passwordHash || !(await verify(user.passwordHash, currentPassword))) {
    throw fieldError('currentPassword', 'currentPassword', 'The current password is incorrect');
  }
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await revokeSessions(tx, user.id, currentSessionId);
    await logActivity(tx, user.id, 'change_password', ctx.request);
  });
  ctx.work.forget({ user: user.id });
}

/** Marks the address of the token's user verified; returns that user's id. */
export async function verifyEmail(ctx: AuthContext, token: string): Promise<number> {
  const userId = await ctx.db.transaction(async (tx) => {
    const row = await consumeToken(tx, token, 'email_verification');
    if (!row) throw invalidToken();
    await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, row.userId));
    await logActivity(tx, row.userId, 'email-verified', ctx.request);
    return row.userId;
  });
  ctx.work.forget({ user: userId });
  return userId;
}

export async function resendVerification(ctx: AuthContext, user: UserRow): Promise<boolean> {
  if (user.emailVerifiedAt) return false;
  await sendVerification(ctx, user);
  await logActivity(ctx.db, user.id, 'email-verification', ctx.request);
  return true;
}
