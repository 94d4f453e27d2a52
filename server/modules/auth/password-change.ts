import { sql } from 'kysely';
import { passwordProblems } from '../../../contracts/auth/password-policy.ts';
import type { EventMetadata } from '../../../contracts/events/index.ts';
import type { Core } from '../../core.ts';
import { ValidationFailed } from '../../errors.ts';
import { userDecider, userStream } from '../users/commands.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export const CURRENT_PASSWORD_WRONG = 'Current password is not correct';

/**
 * A signed-in person's new password, proven by the current one. Every other session of theirs
 * ends (a stolen session must not outlive the change); the one they changed it from stays.
 */
export async function changePassword(
  core: Core,
  userId: number,
  change: { currentPassword: string; password: string },
  keepSession: string,
  metadata: EventMetadata,
): Promise<void> {
  const { db } = core.database;
  const person = await db
    .selectFrom('credentials')
    .innerJoin('users', 'users.id', 'credentials.user_id')
    .select(['credentials.password_hash', 'users.email', 'users.firstname', 'users.lastname'])
    .where('credentials.user_id', '=', userId)
    .executeTakeFirst();
  if (!person) throw new ValidationFailed([CURRENT_PASSWORD_WRONG]);
  // Every problem at once: a wrong current password and a weak new one are both said.
  const problems = [...((await verifyPassword(person.password_hash, change.currentPassword)) ? [] : [CURRENT_PASSWORD_WRONG]), ...passwordProblems(change.password, person)];
  if (problems.length > 0) throw new ValidationFailed(problems);
  const passwordHash = await hashPassword(change.password);
  await core.commands.transaction(async (unit) => {
    await unit.trx.updateTable('credentials').set({ password_hash: passwordHash }).where('user_id', '=', userId).execute();
    await unit.trx
      .updateTable('sessions')
      .set({ revoked_at: sql`now()` })
      .where('user_id', '=', userId)
      .where('token_hash', '<>', keepSession)
      .where('revoked_at', 'is', null)
      .execute();
    await unit.run(userDecider, userStream(userId), { type: 'recordPasswordChange', userId: userId, via: 'settings' }, metadata);
  });
}
