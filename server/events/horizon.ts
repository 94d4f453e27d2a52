import { sql } from 'kysely';
import { preparedStatement, ridingStatement } from '../db/connect.ts';
import type { Executor, Tx } from './types.ts';

/**
 * The append horizon: every transaction that can still commit an event has a transaction id
 * at or above it, so readers of "all events" may read everything below it in
 * (transaction id, position) order and never skip an event that commits late.
 *
 * The snapshot's xmin would do, but it is the oldest transaction still running anywhere on
 * the server: a processor's batch, a mail delivery, another database's work, all of which
 * never append, would each hold every live reader back for as long as they run. So the
 * horizon leaves out the running transactions known not to append, which rests on one rule:
 *
 *   A transaction holds ROW EXCLUSIVE on `events` before it takes a transaction id, or never
 *   appends. One-statement appends keep it by themselves (a statement locks its tables
 *   before it writes a row); a transaction that appends in several statements starts with
 *   `lockLogForAppend`, as every command transaction does (`appendInTransaction` checks).
 *
 * Then a running transaction whose id is known (its lock on that id shows in `pg_locks`) but
 * that holds no such lock on `events` will never append: it is left out. The snapshot's xmax
 * counts (ids not handed out yet), and so does every listed id whose owner holds the lock.
 *
 * A listed id with no owner in `pg_locks` either ended after the snapshot was taken (any
 * transaction on the server: a session's write, another database's test) or was handed out
 * so lately that its lock on itself is not in place yet. Only the second can append, and only
 * if its transaction is one of the appenders, which took their lock on `events` before their
 * id and so are in view: such ids count only while some appender's id is not in view. Counting
 * every one of them would hold a reader back, until its next poll, whenever any transaction
 * anywhere ended between the snapshot and `pg_locks`.
 *
 * The snapshot is the statement's, taken before `pg_locks` is read, so a transaction left
 * out may have committed in between; the log must therefore be read in a LATER statement
 * (read committed), which sees it. `readAll` does exactly that.
 */
export async function appendHorizon(executor: Executor): Promise<string> {
  const result = await sql<{ horizon: string }>`${preparedStatement('events_append_horizon')} select ${appendHorizonSql} as horizon`.execute(executor);
  return result.rows[0]!.horizon;
}

/** The horizon as an expression (xid8 as text), for a statement that reads it beside other things. */
export const appendHorizonSql = sql<string>`(
  with locks as materialized (
    select locktype, database, relation, transactionid, virtualtransaction, mode, granted from pg_locks
  ),
  appenders as (
    select virtualtransaction from locks
    where locktype = 'relation' and mode = 'RowExclusiveLock' and relation = 'events'::regclass
      and database = (select oid from pg_database where datname = current_database())
  ),
  owners as (
    select transactionid::text::int8 as id, virtualtransaction from locks
    where locktype = 'transactionid' and mode = 'ExclusiveLock' and granted
  ),
  snapshot as (select pg_current_snapshot() as s)
  select least(
    pg_snapshot_xmax(s),
    -- pg_locks shows 32-bit ids; the running ones are within 2^31 of each other, so equal modulo 2^32 is equal.
    (select min(x) from pg_snapshot_xip(s) x
     where x::text::int8 % 4294967296 in (select id from owners where virtualtransaction in (select virtualtransaction from appenders))
        or (x::text::int8 % 4294967296 not in (select id from owners)
            and exists (select from appenders where virtualtransaction not in (select virtualtransaction from owners))))
  )::text
  from snapshot
)`;

// Transactions that declared themselves appenders; `appendInTransaction` refuses the others.
const declared = new WeakSet<Tx>();

/**
 * Declares the transaction an appender before anything in it takes a transaction id (see
 * `appendHorizon`): the first statement of any transaction that appends with
 * `appendInTransaction`, as every command transaction's is.
 */
export async function lockLogForAppend(trx: Tx): Promise<void> {
  // Riding: it goes to PostgreSQL with the transaction's next statement, and runs before it.
  await ridingStatement('lock table events in row exclusive mode').execute(trx);
  declared.add(trx);
}

export function isDeclaredAppender(trx: Tx): boolean {
  return declared.has(trx);
}

/**
 * Declares a transaction whose first write is the append statement itself, without a
 * statement of its own: that statement takes ROW EXCLUSIVE on `events` before it takes a
 * transaction id, which is the rule. Only for a transaction that has run nothing but reads
 * and advisory locks (neither takes an id) before it appends, as a command batch does.
 */
export function declareAppendFirst(trx: Tx): void {
  declared.add(trx);
}
