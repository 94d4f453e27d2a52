import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../events/types.ts';

const SHADOW_FILLFACTOR = 80;
const INVALID_PARAMETER_VALUE = '22023';

/**
 * Empty temporary tables shaped as the live ones, under their names: for the rest of the
 * session they shadow the live tables (pg_temp comes first in the search path), so that the
 * projections, which name their tables unqualified, write into them. `readerIndexes` (indexes of
 * the live tables that only reads use) are left out, as are, for shadows `toCopy`, all but the
 * B-trees.
 */
export async function shadow(executor: Executor, tables: readonly string[], { toCopy = false, readerIndexes = [] as readonly string[] } = {}): Promise<void> {
  // To be copied into the live tables, which compute their generated columns and keep their
  // own search indexes: the shadows need neither, only the keys and lookups the projections use.
  const like = toCopy ? sql`including defaults including constraints including indexes` : sql`including all`;
  // Room on each page for a row's next version: a rebuild moves counts on rows it has just
  // written (a post's likes), and on a full page every such update also wrote every index.
  for (const table of tables) await sql`create temporary table ${sql.table(table)} (like public.${sql.table(table)} ${like}) with (fillfactor = ${sql.lit(SHADOW_FILLFACTOR)})`.execute(executor);
  // An index is known by its shape, what follows its name and table in its definition: the
  // shadows' copies have names of their own.
  const shape = (index: RawBuilder<unknown>) => sql`regexp_replace(pg_get_indexdef(${index}), '^.*? USING ', '')`;
  const { rows } = await sql<{ index: string }>`
    select i.indexrelid::regclass::text as index
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam join pg_class t on t.oid = i.indrelid
    where i.indrelid = any(${tables.map((table) => `pg_temp.${table}`)}::regclass[])
      and ((${toCopy} and am.amname <> 'btree')
        or exists (
          select from pg_index r join pg_class rt on rt.oid = r.indrelid
          where r.indexrelid = any(${readerIndexes.map((index) => `public.${index}`)}::regclass[]) and rt.relname = t.relname and ${shape(sql`r.indexrelid`)} = ${shape(sql`i.indexrelid`)}))`.execute(executor);
  for (const { index } of rows) await sql`drop index ${sql.raw(index)}`.execute(executor);
  // A statement this session prepared before (a projection's, on a pooled connection) resolved
  // its tables then, to the live ones: a new table of the same name in front of them does not
  // make PostgreSQL look again unless this is the session's first temporary table, so without
  // this its next run would write to the live table. Dropping the shadows needs no such step:
  // a plan on a dropped table is made again.
  await sql`discard plans`.execute(executor);
}

/**
 * Room in memory for a session's shadow tables: with the default 8 MB of local buffers, a
 * rebuild of many rows wrote its pages out and read them back all along. A session that has
 * used temporary tables before keeps the buffers it had (PostgreSQL allows no change then).
 */
export async function makeRoomForShadows(session: Executor): Promise<void> {
  try {
    await sql`set temp_buffers = '512MB'`.execute(session);
  } catch (error) {
    if ((error as { code?: unknown }).code !== INVALID_PARAMETER_VALUE) throw error;
  }
}

export async function dropShadows(executor: Executor, tables: readonly string[]): Promise<void> {
  if (tables.length > 0) await sql`drop table if exists ${sql.join(tables.map((table) => sql`pg_temp.${sql.table(table)}`))}`.execute(executor);
}

/**
 * Replaces the live tables' rows with their shadows' where they differ, and returns the tables
 * replaced. A table whose rows are the same is left alone (a rebuild usually mends one read
 * model); one linked by a foreign key to a replaced one is replaced with it, parents before
 * children on the way in and after them on the way out (the keys are checked at each
 * statement). Deletes and inserts rather than TRUNCATE: readers keep reading the old rows,
 * never waiting, until the transaction commits and they see the new ones.
 */
export async function replaceWithShadows(executor: Executor, tables: readonly string[]): Promise<string[]> {
  const links = await foreignKeys(executor, tables);
  const order = parentsFirst(tables, links);
  const columns = new Map(await Promise.all(order.map(async (table) => [table, sql.join((await storedColumns(executor, table)).map((column) => sql.ref(column)))] as const)));
  const replaced = new Set<string>();
  for (const table of order) if (!(await sameRows(executor, table, columns.get(table)!))) replaced.add(table);
  for (let grew = true; grew; ) {
    grew = false;
    for (const { child, parent } of links) {
      if (replaced.has(child) === replaced.has(parent)) continue;
      replaced.add(child).add(parent);
      grew = true;
    }
  }
  for (const table of [...order].reverse()) if (replaced.has(table)) await sql`delete from public.${sql.table(table)}`.execute(executor);
  for (const table of order) {
    if (!replaced.has(table)) continue;
    const list = columns.get(table)!;
    await sql`insert into public.${sql.table(table)} (${list}) select ${list} from pg_temp.${sql.table(table)}`.execute(executor);
  }
  return order.filter((table) => replaced.has(table));
}

async function sameRows(executor: Executor, table: string, list: ReturnType<typeof sql.join>): Promise<boolean> {
  // The rows as a multiset: how many, and the sum of their hashes. One scan of each table where
  // EXCEPT ALL sorted or hashed both whole, while the appends wait.
  const summary = (schema: string) => sql`(select row(count(*), sum(hashtextextended(t::text, 0))) from (select ${list} from ${sql.raw(schema)}.${sql.table(table)}) t)`;
  const { rows } = await sql<{ same: boolean }>`select ${summary('public')} is not distinct from ${summary('pg_temp')} as same`.execute(executor);
  return rows[0]!.same;
}

/** The columns a row carries: generated ones are computed again on the way in. */
async function storedColumns(executor: Executor, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select attname as name from pg_attribute
    where attrelid = ${`public.${table}`}::regclass and attnum > 0 and not attisdropped and attgenerated = ''
    order by attnum`.execute(executor);
  return rows.map((row) => row.name);
}

type Link = { child: string; parent: string };

/** The foreign keys from one of these tables to another. */
async function foreignKeys(executor: Executor, tables: readonly string[]): Promise<Link[]> {
  const { rows } = await sql<Link>`
    select c.relname as child, p.relname as parent
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
    where k.contype = 'f' and c.relnamespace = 'public'::regnamespace and p.relnamespace = 'public'::regnamespace
      and c.relname = any(${[...tables]}::text[]) and p.relname = any(${[...tables]}::text[]) and c.oid <> p.oid`.execute(executor);
  return rows;
}

/** The tables ordered so that a table comes after every table of the list it references. */
function parentsFirst(tables: readonly string[], rows: readonly Link[]): string[] {
  const ordered: string[] = [];
  const seen = new Set<string>();
  const visit = (table: string) => {
    if (seen.has(table)) return;
    seen.add(table);
    for (const { parent } of rows.filter((row) => row.child === table)) visit(parent);
    ordered.push(table);
  };
  tables.forEach(visit);
  return ordered;
}
