import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { AccountRole } from '../../../contracts/users/enums.ts';
import { preparedStatement } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import type { Tx } from '../../events/types.ts';

export const SESSION_COOKIE = 'pressroom_session';
/** Idle time after which a session ends; every use pushes it back. */
export const SESSION_IDLE_DAYS = 14;
/** No session lives longer than this, however busy. */
export const SESSION_MAX_DAYS = 90;
// Writing last_seen_at on every request would turn every read into a write.
const TOUCH_AFTER_SECONDS = 60;

export type SessionUser = { id: number; roles: AccountRole[]; accountId: number | null; isReadOnly: boolean };
export type Session = { tokenHash: string; user: SessionUser };

/** Only a hash of the token is stored: a leaked sessions table opens no account. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function startSession(trx: Tx, userId: number, client: { userAgent: string | null; ip: string | null }): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await trx
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      expires_at: sql<Date>`now() + make_interval(days => ${SESSION_IDLE_DAYS})`,
      revoked_at: null,
      user_agent: client.userAgent?.slice(0, 512) ?? null,
      ip: client.ip,
    })
    .execute();
  return token;
}

/**
 * The live session a token opens, sliding its expiry; null when unknown, expired or revoked.
 * Every signed-in request asks this: one prepared statement, planned once per connection.
 */
export async function findSession(db: Kysely<Database>, token: string): Promise<Session | null> {
  const tokenHash = hashToken(token);
  const { rows } = await sql<{ id: number; roles: AccountRole[]; account_id: number | null; is_read_only: boolean; stale: boolean }>`${preparedStatement('session_find')}
    select u.id, u.roles, u.account_id, u.is_read_only, s.last_seen_at < now() - make_interval(secs => ${TOUCH_AFTER_SECONDS}) as stale
    from sessions s join users u on u.id = s.user_id
    where s.token_hash = ${tokenHash} and s.revoked_at is null and s.expires_at > now()`.execute(db);
  const row = rows[0];
  if (!row) return null;
  if (row.stale) {
    await db
      .updateTable('sessions')
      .set({
        last_seen_at: sql`now()`,
        expires_at: sql`least(now() + make_interval(days => ${SESSION_IDLE_DAYS}), created_at + make_interval(days => ${SESSION_MAX_DAYS}))`,
      })
      .where('token_hash', '=', tokenHash)
      .execute();
  }
  return { tokenHash, user: { id: row.id, roles: row.roles, accountId: row.account_id, isReadOnly: row.is_read_only } };
}

export async function revokeSession(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: sql`now()` }).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).execute();
}

export async function revokeAllSessions(trx: Tx, userId: number): Promise<void> {
  await trx.updateTable('sessions').set({ revoked_at: sql`now()` }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}
