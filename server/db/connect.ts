import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, sql, type Compilable } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type { Database } from './schema.ts';

export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string; loadDataDir?: Blob };

/** The database a process talks to, plus the two things Kysely does not cover: LISTEN and NOTIFY. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  driver: 'postgres' | 'pglite';
  /** The embedded database itself, for dumping a data directory (the test template). */
  pglite?: PGlite;
  /** The connection pool, read by the metrics (PostgreSQL only: PGlite is one connection). */
  pool?: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'>;
  /** Subscribes to a channel; resolves to an unsubscribe function. */
  listen(channel: string, onMessage: () => void): Promise<() => Promise<void>>;
  notify(channel: string): Promise<void>;
  close(): Promise<void>;
}

const INT8 = 20;
const POOL_SIZE = 20;
const parseInt8 = (value: string) => Number(value);

const pooled = new WeakSet<Kysely<Database>>();

/**
 * Whether `db` has connections to spare: PostgreSQL's pool does; PGlite is one connection, and a
 * statement sent through `db` while a session holds it waits for that session to end.
 */
export function hasSpareConnections(db: Kysely<Database>): boolean {
  return pooled.has(db);
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  return target.kind === 'postgres' ? openPostgres(target.url) : openPglite(target.dataDir, target.loadDataDir);
}

function openPostgres(url: string): DatabaseHandle {
  // Positions and counts are bigint columns that stay far below 2^53: numbers are safe and simpler than strings.
  const types = { getTypeParser: (oid: number, format?: 'text' | 'binary') => (oid === INT8 ? parseInt8 : pg.types.getTypeParser(oid, format)) };
  // Connections once opened stay open (min = max): a backend closed when idle for 10 s (pg's
  // default) is opened again at the next burst, and a new backend answers its first queries with
  // cold catalog caches and statements still to prepare, tens of milliseconds on a page.
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, min: POOL_SIZE, types });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  pooled.add(db);
  const listeners = new Set<pg.Client>();

  return {
    db,
    driver: 'postgres',
    pool,
    async listen(channel, onMessage) {
      let client: pg.Client | null = null;
      let stopped = false;
      let retry: NodeJS.Timeout | null = null;
      const connect = async () => {
        const next = new pg.Client({ connectionString: url, types });
        next.on('notification', onMessage);
        next.on('error', () => {
          listeners.delete(next);
          void next.end().catch(() => undefined);
          if (!stopped) retry = setTimeout(() => void connect().catch(() => undefined), 1000);
        });
        await next.connect();
        await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        client = next;
        listeners.add(next);
        // Anything committed while we were not listening is found by the pollers; wake them now.
        onMessage();
      };
      await connect();
      return async () => {
        stopped = true;
        if (retry) clearTimeout(retry);
        if (client) {
          listeners.delete(client);
          await client.end().catch(() => undefined);
        }
      };
    },
    notify: (channel) => notifyVia(db, channel),
    async close() {
      await Promise.all([...listeners].map((client) => client.end().catch(() => undefined)));
      await db.destroy();
    },
  };
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<DatabaseHandle> {
  const inMemory = dataDir === ':memory:';
  if (!inMemory) fs.mkdirSync(path.resolve(dataDir), { recursive: true });
  const pglite = await PGlite.create(inMemory ? undefined : path.resolve(dataDir), {
    parsers: { [INT8]: parseInt8 },
    // Search's trigram matching (migrations/0015_search.ts); PGlite ships it but loads only what it is given.
    extensions: { pg_trgm },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    driver: 'pglite',
    pglite,
    async listen(channel, onMessage) {
      const unsubscribe = await pglite.listen(channel, () => onMessage());
      return async () => unsubscribe();
    },
    // Through Kysely, never pglite.query: the one connection may be inside a transaction right now.
    notify: (channel) => notifyVia(db, channel),
    async close() {
      await db.destroy();
    },
  };
}

async function notifyVia(db: Kysely<Database>, channel: string): Promise<void> {
  await sql`${preparedStatement('events_notify')} select pg_notify(${channel}, '')`.execute(db);
}

const PREPARED = /^\s*\/\* prepared:([a-z0-9_]+) \*\//;

/**
 * Statements that start with a `prepared:NAME` comment (after any white space: a statement
 * written on lines of its own begins with a line break) run as named prepared statements, so
 * each connection plans them once. The hot paths (append, stream and log reads) are planned
 * in about half a millisecond each time otherwise, as long as they take to run.
 */
export function preparedStatement(name: string) {
  return sql.raw(`/* prepared:${name} */ `);
}

/**
 * A built query run as the named prepared statement `name`: for a hot read whose builder form
 * is worth keeping. Its text must be the same at every call (an `in` list of changing length
 * is not: `batchArray` is), as a name is prepared once per connection.
 */
export async function executePrepared<Row>(db: Kysely<Database>, name: string, query: Compilable<Row>): Promise<Row[]> {
  const compiled = query.compile();
  const { rows } = await db.executeQuery<Row>({ ...compiled, sql: `/* prepared:${name} */ ${compiled.sql}` });
  return rows;
}

// `any`: Kysely's client type also takes cursors, which nothing here streams.
type PoolConnection = { query(text: any, values?: readonly unknown[]): any; release(): void };

type BatchType = 'text' | 'int8' | 'int4' | 'int2' | 'bool';

/**
 * An array parameter of a batch statement, as an uncorrelated subquery: the planner cannot see
 * its length in a custom plan any more than in the generic one, so both cost the same and
 * PostgreSQL keeps the generic plan. A bare array parameter made every custom plan look far
 * cheaper (its true length against a guess of 100 rows), and the statement was planned anew on
 * every call: 0.6 ms of the server's CPU, most of what a small batch costs.
 */
export function batchArray(values: readonly unknown[], type: BatchType) {
  return sql`(select ${arrayLiteral(values, type)}::${sql.raw(type)}[])`;
}

/**
 * JSON documents of a batch statement as one `jsonb` array, for `jsonb_array_elements`: the
 * documents go as they are, where an array literal of `text` escapes every quote in them
 * (an event's data and metadata are mostly quotes and names).
 */
export function batchJson(documents: readonly string[]) {
  return sql`(select ${`[${documents.join(',')}]`}::jsonb)`;
}

const ARRAY_QUOTED = /["\\]/g;

/**
 * The array as PostgreSQL's array literal, made in one pass: pg's own escapes every text twice
 * over (two `replace`s and their copies), 8% of what an answer allocated, most of it events'
 * JSON. Values of another kind than the type's go to pg as they are.
 */
function arrayLiteral(values: readonly unknown[], type: BatchType): string | readonly unknown[] {
  let literal = '{';
  for (let i = 0; i < values.length; i++) {
    const element = arrayElement(values[i], type);
    if (element === null) return values;
    literal += i === 0 ? element : `,${element}`;
  }
  return `${literal}}`;
}

function arrayElement(value: unknown, type: BatchType): string | null {
  if (value === null || value === undefined) return 'NULL';
  if (type === 'text') return typeof value === 'string' ? `"${value.replace(ARRAY_QUOTED, '\\$&')}"` : null;
  return typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean' ? String(value) : null;
}

/** What of pg's connection a statement sent in the extended protocol writes to. */
type PgConnection = {
  parsedStatements: Record<string, string>;
  parse(message: { text: string }): void;
  bind(message: object): void;
  execute(message: object): void;
};

type Field = { name: string; dataTypeID: number; format: string };
/** The columns of a named statement's rows on one connection, as pg's Result holds them once described. */
type Shape = { fields: Field[]; parsers: unknown[]; empty: Record<string, null> };
type Done = (error: Error | null, result: pg.QueryResult) => void;

/** pg's Query as far as a statement below reaches into it (pg 8: lib/query.js). */
interface PgQuery {
  name?: string;
  values?: unknown[];
  rows?: number;
  _accumulateRows: boolean;
  _result: { fields: Field[]; _parsers: unknown[]; _prebuiltEmptyResultObject: Record<string, null> };
  prepare(connection: PgConnection): void;
  handleRowDescription(message: { fields: Field[] }): void;
  handleCommandComplete(message: object, connection: PgConnection): void;
  hasBeenParsed(connection: PgConnection): boolean;
  handleError(error: unknown, connection: PgConnection): void;
  _getRows(connection: PgConnection, rows?: number): void;
}
const PgQuery = pg.Query as unknown as new (text: string, values: unknown[] | undefined, done: Done) => PgQuery;

const shapes = new WeakMap<PgConnection, Map<string, Shape>>();
/** How pg turns a parameter into what it sends (Dates, arrays, JSON), as its own Bind does. */
const prepareValue = (pg as unknown as { utils: { prepareValue: (value: unknown) => unknown } }).utils.prepareValue;

/**
 * A statement as pg sends it, with two differences. A named statement's rows have the same
 * columns at every execution (PostgreSQL refuses to run one whose result would change), so once
 * a connection has seen them it asks no more: no Describe, no RowDescription to parse, no field
 * parsers to look up again (4% of the server's CPU sending messages). And `ahead` (a
 * transaction's BEGIN, and what rides with it) goes in front in the same message, each an
 * unnamed statement bound and executed before it, one Sync for all: PostgreSQL answers them in
 * order, then the statement, whose result alone is kept.
 */
class Statement extends PgQuery {
  /** Where this statement's shape goes once PostgreSQL has described it. */
  private learning: Map<string, Shape> | null = null;
  /** The statements sent ahead of this one whose answers have not come yet. */
  private unanswered = 0;

  constructor(
    text: string,
    values: unknown[] | undefined,
    name: string | undefined,
    private ahead: readonly string[],
    done: Done,
  ) {
    super(text, values, done);
    if (name) this.name = name;
  }

  override prepare(connection: PgConnection): void {
    for (const text of this.ahead) {
      connection.parse({ text });
      connection.bind({});
      connection.execute({});
    }
    this.unanswered = this.ahead.length;
    const name = this.name;
    if (!name) return super.prepare(connection);
    const known = shapes.get(connection) ?? shapes.set(connection, new Map()).get(connection)!;
    const shape = known.get(name);
    if (!shape || !this.hasBeenParsed(connection)) {
      this.learning = known;
      return super.prepare(connection);
    }
    try {
      connection.bind({ portal: '', statement: name, values: this.values, valueMapper: prepareValue });
    } catch (error) {
      this.handleError(error, connection);
      return;
    }
    this._result.fields = shape.fields;
    this._result._parsers = shape.parsers;
    this._result._prebuiltEmptyResultObject = shape.empty;
    this._accumulateRows = true;
    this._getRows(connection, this.rows);
  }

  override handleRowDescription(message: { fields: Field[] }): void {
    super.handleRowDescription(message);
    this.learn();
  }

  override handleCommandComplete(message: object, connection: PgConnection): void {
    if (this.unanswered > 0) {
      this.unanswered -= 1;
      return;
    }
    // A statement without rows (no RowDescription came) is learnt here.
    this.learn();
    super.handleCommandComplete(message, connection);
  }

  private learn(): void {
    if (!this.learning) return;
    // A plain object, where pg's is made from Object.create(null): each row is a copy of it, and
    // copies of a plain object take a fast path, with the same hidden class every time.
    const empty: Record<string, null> = {};
    for (const field of this._result.fields) empty[field.name] = null;
    this._result._prebuiltEmptyResultObject = empty;
    this.learning.set(this.name!, { fields: this._result.fields, parsers: this._result._parsers, empty });
    this.learning = null;
  }
}

const TRANSACTION_START = /^(begin|start transaction\b)/;
const BEGUN = { command: 'BEGIN', rowCount: null, rows: [], fields: [] };
const RIDING = /^\/\* rides \*\/ /;
const SENT_LATER = { command: null, rowCount: null, rows: [], fields: [] };

/**
 * A statement whose answer nobody reads (a lock), to be sent with the transaction's next
 * statement when it is the first after BEGIN: it still runs before that statement, in order.
 */
export function ridingStatement(text: string) {
  return sql.raw(`/* rides */ ${text}`);
}

function preparingPool(pool: pg.Pool) {
  // One wrapper per client, made once: Kysely keeps a connection object per client it is given
  // in a WeakMap, and a fresh wrapper at every checkout made it a new one each time.
  const wrappers = new WeakMap<pg.PoolClient, PoolConnection>();
  const wrap = (client: pg.PoolClient): PoolConnection => {
    // pg's callback form, in a promise of our own. Through pg's promise form, V8's
    // allocation-site pretenuring came to put result rows in the old generation, so each page's
    // rows were garbage for a full collection: one every few seconds, each stalling requests for
    // 20-50 ms (--trace-gc-nvp: 2.3 MB promoted per scavenge; 4 kB this way, or with pretenuring off).
    //
    // The Query is made from the text, not from a config object: pg copies a config object through
    // its property descriptors (to leave the caller's alone), a slow object each statement, 1-2% of
    // the server's CPU sending messages. A name set afterwards is what the config's would have set.
    const send = (text: string, values?: unknown[], name?: string, ahead: readonly string[] = []): Promise<pg.QueryResult> =>
      new Promise((resolve, reject) => {
        client.query(new Statement(text, values, name, ahead, (error, result) => (error ? reject(error) : resolve(result))) as unknown as pg.Query);
      });
    // A transaction's BEGIN waits for its first statement and goes with it in one message: a
    // round trip fewer for every transaction. So does a statement marked as riding (a command's
    // lock on the log), whose answer nobody reads. A first statement without parameters takes
    // them in front in the simple protocol; one with parameters in the extended protocol, once
    // this connection has parsed it (a first parse that failed would otherwise be taken for
    // done: pg marks a name parsed at the message's first ParseComplete).
    let ahead: string[] = [];
    return {
      async query(text, values) {
        if (typeof text === 'string' && !values?.length) {
          if (TRANSACTION_START.test(text)) {
            ahead = [text];
            return BEGUN;
          }
          if (ahead.length > 0 && RIDING.test(text)) {
            ahead.push(text);
            return SENT_LATER;
          }
        }
        const name = typeof text === 'string' ? PREPARED.exec(text)?.[1] : undefined;
        if (ahead.length > 0) {
          const started = ahead;
          ahead = [];
          if (!name && !values?.length) {
            const results = (await send([...started, text].join('; '))) as unknown as pg.QueryResult[];
            return results.at(-1);
          }
          if (!name || name in (client as unknown as { connection: PgConnection }).connection.parsedStatements) return send(text, values ? [...values] : [], name, started);
          await send(started.join('; '));
        }
        return send(text, values ? [...values] : name ? [] : undefined, name);
      },
      release: () => {
        ahead = [];
        client.release();
      },
    };
  };
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
