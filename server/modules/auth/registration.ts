import { sql } from 'kysely';
import { passwordProblems } from '../../../contracts/auth/password-policy.ts';
import type { EventMetadata } from '../../../contracts/events/index.ts';
import { DEFAULT_TIMEZONE, type AccountRole } from '../../../contracts/users/enums.ts';
import type { Core } from '../../core.ts';
import { Conflict, ValidationFailed } from '../../errors.ts';
import { userDecider, userStream } from '../users/commands.ts';
import { findUserIdByEmail } from '../users/queries.ts';
import { slugFor } from '../users/slugs.ts';
import { hashPassword } from './passwords.ts';
import { startSession } from './sessions.ts';

export type Registration = {
  email: string;
  password: string;
  firstname: string;
  lastname: string;
  role: AccountRole;
  accountId?: number | null;
  /** The onboarding stage a new person starts at; false for people set up by an admin. */
  onboarding?: string | false;
};

export const EMAIL_TAKEN = 'An account with this email already exists.';
/** Where a person who signed up on their own starts. */
export const FIRST_ONBOARDING_STAGE = 'basic';

/**
 * Creates a person: their UserRegistered event, read model and credential in one
 * transaction, and optionally their first session. A duplicate email is refused before the
 * log is touched, and by the unique index when two sign-ups race.
 */
export async function registerUser(
  core: Core,
  input: Registration,
  metadata: (userId: number) => EventMetadata,
  session?: { userAgent: string | null; ip: string | null },
): Promise<{ userId: number; token: string | null }> {
  const problems = passwordProblems(input.password, input);
  if (problems.length > 0) throw new ValidationFailed(problems);
  const { db } = core.database;
  if ((await findUserIdByEmail(db, input.email)) !== null) throw new Conflict(EMAIL_TAKEN);
  const passwordHash = await hashPassword(input.password);

  try {
    return await core.commands.transaction(async (unit) => {
      const { rows } = await sql<{ id: number }>`select nextval('contact_ids')::int as id`.execute(unit.trx);
      const userId = rows[0]!.id;
      await unit.run(
        userDecider,
        userStream(userId),
        {
          type: 'register',
          userId,
          email: input.email,
          firstname: input.firstname,
          lastname: input.lastname,
          slug: await slugFor(unit.trx, userId, input.firstname, input.lastname),
          role: input.role,
          accountId: input.accountId ?? null,
          timezone: DEFAULT_TIMEZONE,
          onboarding: input.onboarding ?? FIRST_ONBOARDING_STAGE,
        },
        metadata(userId),
      );
      await unit.trx.insertInto('credentials').values({ user_id: userId, password_hash: passwordHash, totp_secret: null, totp_pending_secret: null, totp_last_step: null }).execute();
      const token = session ? await startSession(unit.trx, userId, session) : null;
      return { userId, token };
    });
  } catch (error) {
    if (violates(error, 'users_email_unique')) throw new Conflict(EMAIL_TAKEN);
    // Two people of the same name signing up at once: the second takes the id-suffixed slug.
    if (violates(error, 'users_slug_unique')) return registerUser(core, input, metadata, session);
    throw error;
  }
}

function violates(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string; message?: string } | null;
  return e?.code === '23505' && (e.constraint === constraint || Boolean(e.message?.includes(constraint)));
}
