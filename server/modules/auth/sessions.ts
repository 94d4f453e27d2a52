import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { AccountRole } from '../../../contracts/users/enums.ts';
import { Batcher } from '../../db/batcher.ts';
import { batchArray, preparedStatement } from '../../db/connect.ts';
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

type SessionRow = { token_hash: string; id: number; roles: AccountRole[]; account_id: number | null; is_read_only: boolean; stale: boolean };

/** How many tokens one lookup statement takes at most. */
const MAX_LOOKUP = 64;

/**
 * The live sessions these token hashes open (at most MAX_LOOKUP), sliding the expiry of
 * those not used for a minute. Unknown, expired and revoked tokens have no entry.
 */
async function findSessions(db: Kysely<Database>, tokenHashes: readonly string[]): Promise<Map<string, SessionUser>> {
  // A probe of each key through the index, whatever the table's size (a join of the list to
  // sessions was planned as a scan of the whole table, and of users, once it held a thousand).
  // The list is one array parameter: one statement for any number of tokens, where a VALUES
  // list was a statement per length, its fragments compiled anew at every lookup.
  const { rows } = await sql<SessionRow>`${preparedStatement('sessions_find')}
    select found.* from unnest(${batchArray(tokenHashes, 'text')}) t(token_hash)
    cross join lateral (
      select s.token_hash, u.id, u.roles, u.account_id, u.is_read_only, s.last_seen_at < now() - make_interval(secs => ${TOUCH_AFTER_SECONDS}) as stale
      from sessions s join users u on u.id = s.user_id
      where s.token_hash = t.token_hash and s.revoked_at is null and s.expires_at > now()
      limit 1
    ) found`.execute(db);
  const stale = rows.filter((row) => row.stale).map((row) => row.token_hash);
  if (stale.length > 0) {
    await db
      .updateTable('sessions')
      .set({
        last_seen_at: sql`now()`,
        expires_at: sql`least(now() + make_interval(days => ${SESSION_IDLE_DAYS}), created_at + make_interval(days => ${SESSION_MAX_DAYS}))`,
      })
      .where('token_hash', 'in', stale)
      .execute();
  }
  return new Map(rows.map((row) => [row.token_hash, { id: row.id, roles: row.roles, accountId: row.account_id, isReadOnly: row.is_read_only }]));
}

/** The live session a token opens, sliding its expiry; null when unknown, expired or revoked. */
export async function findSession(db: Kysely<Database>, token: string): Promise<Session | null> {
  const tokenHash = hashToken(token);
  const user = (await findSessions(db, [tokenHash])).get(tokenHash);
  return user ? { tokenHash, user } : null;
}

/**
 * Every signed-in request asks who it is: concurrent lookups share one statement per round
 * trip (group read), so under load a lookup costs a fraction of a round trip. Each statement
 * starts after its requests arrived, so it sees every sign-out and change committed before
 * them: nothing is cached.
 */
export class SessionLookups {
  private readonly batcher: Batcher<string, SessionUser | null>;

  constructor(db: Kysely<Database>) {
    this.batcher = new Batcher<string, SessionUser | null>(
      async (tokenHashes) => {
        const found = await findSessions(db, tokenHashes);
        return tokenHashes.map((tokenHash) => ({ ok: found.get(tokenHash) ?? null }));
      },
      {
        key: (tokenHash) => tokenHash,
        joins: () => true,
        weight: () => 1,
        maxWeight: MAX_LOOKUP,
        flushesInFlight: 2,
        attempts: 1,
        retryable: () => false,
        exhausted: () => new Error('session lookup failed'),
      },
    );
  }

  async find(token: string): Promise<Session | null> {
    const tokenHash = hashToken(token);
    const user = await this.batcher.submit(tokenHash);
    return user ? { tokenHash, user } : null;
  }
}

export async function revokeSession(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: sql`now()` }).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).execute();
}

export async function revokeAllSessions(trx: Tx, userId: number): Promise<void> {
  await trx.updateTable('sessions').set({ revoked_at: sql`now()` }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}
