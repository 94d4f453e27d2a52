import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { passwordProblems } from '../../../contracts/auth/password-policy.ts';
import type { EventMetadata } from '../../../contracts/events/index.ts';
import type { Core } from '../../core.ts';
import { ValidationFailed } from '../../errors.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { userDecider, userStream } from '../users/commands.ts';
import { findUserIdByEmail } from '../users/queries.ts';
import { hashPassword } from './passwords.ts';
import { revokeAllSessions } from './sessions.ts';

export const RECOVERY_LINK_HOURS = 1;
export const LINK_NOT_VALID = 'This link has expired or was already used. Ask for a new one.';

const hashCode = (code: string) => createHash('sha256').update(code).digest();

/**
 * Sends a recovery link when the email belongs to someone; the caller answers the same
 * either way, so the endpoint tells nobody which emails have accounts.
 */
export async function requestRecovery(core: Core, email: string, publicUrl: string): Promise<boolean> {
  const userId = await findUserIdByEmail(core.database.db, email);
  if (userId === null) return false;
  const code = randomBytes(24).toString('base64url');
  await core.database.db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('password_recoveries')
      .values({ user_id: userId, code_hash: hashCode(code).toString('hex'), expires_at: sql<Date>`now() + make_interval(hours => ${RECOVERY_LINK_HOURS})`, used_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const link = `${publicUrl}/app/password/recovery/${id}/${code}`;
    await enqueueMail(trx, {
      to: email,
      subject: 'Reset your Pressroom password',
      text: [
        'Someone asked to reset the password of your Pressroom account.',
        '',
        `Choose a new password here: ${link}`,
        '',
        `The link works once, for ${RECOVERY_LINK_HOURS} hour. If you did not ask, ignore this mail: your password stays as it is.`,
      ].join('\n'),
    });
  });
  return true;
}

/**
 * Sets a new password from a recovery link: the link is spent, every other unused link of
 * that person too, and all their sessions end.
 */
export async function recoverPassword(core: Core, recoveryId: number, code: string, password: string, metadata: (userId: number) => EventMetadata): Promise<void> {
  const { db } = core.database;
  const recovery = await db
    .selectFrom('password_recoveries')
    .innerJoin('users', 'users.id', 'password_recoveries.user_id')
    .select(['password_recoveries.user_id', 'password_recoveries.code_hash', 'users.email', 'users.firstname', 'users.lastname', sql<boolean>`password_recoveries.used_at is null and password_recoveries.expires_at > now()`.as('usable')])
    .where('password_recoveries.id', '=', recoveryId)
    .executeTakeFirst();
  const stored = recovery ? Buffer.from(recovery.code_hash, 'hex') : null;
  const linkValid = recovery !== undefined && stored !== null && recovery.usable && timingSafeEqual(stored, hashCode(code));
  // Every problem at once; a dead link names nobody whose name the password could contain.
  const problems = [...(linkValid ? [] : [LINK_NOT_VALID]), ...passwordProblems(password, linkValid && recovery ? recovery : { email: '', firstname: '', lastname: '' })];
  if (!linkValid || problems.length > 0) throw new ValidationFailed(problems);
  const passwordHash = await hashPassword(password);
  const userId = recovery.user_id;

  await core.commands.transaction(async (unit) => {
    // Spending the link first, guarded on it being unused, makes a second use of the same
    // link in a race find nothing to spend.
    const spent = await unit.trx
      .updateTable('password_recoveries')
      .set({ used_at: sql`now()` })
      .where('id', '=', recoveryId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) throw new ValidationFailed([LINK_NOT_VALID]);
    await unit.trx.updateTable('password_recoveries').set({ used_at: sql`now()` }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
    await unit.trx.updateTable('credentials').set({ password_hash: passwordHash }).where('user_id', '=', userId).execute();
    await revokeAllSessions(unit.trx, userId);
    await unit.run(userDecider, userStream(userId), { type: 'recordPasswordChange', userId, via: 'recovery' }, metadata(userId));
  });
}
