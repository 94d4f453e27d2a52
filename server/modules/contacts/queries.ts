import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ContactView, DirectoryQuery, DirectoryRow, ListView, NoteView } from '../../../contracts/contacts/api.ts';
import type { StoredListFilter } from '../../../contracts/contacts/events.ts';
import type { ContactFields } from '../../../contracts/contacts/fields.ts';
import { BEATS } from '../../../contracts/users/enums.ts';
import { countryName } from '../../../contracts/users/settings.ts';
import type { Database } from '../../db/schema.ts';
import type { Tx } from '../../events/types.ts';
import type { ContactsTable } from './tables.ts';

type Db = Kysely<Database> | Tx;

const beatsOf = (ids: readonly number[]) => BEATS.filter((known) => ids.includes(known.id)).map((known) => ({ ...known }));
const countryOf = (code: string | null) => (code ? { id: code, name: countryName(code) } : null);
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const iso = (at: Date | string) => new Date(at).toISOString();

/** The modules of a person's account, or null without one. */
export async function accountModules(db: Db, accountId: number | null): Promise<string[] | null> {
  if (accountId === null) return null;
  const row = await db.selectFrom('accounts').select('modules').where('id', '=', accountId).executeTakeFirst();
  return row?.modules ?? null;
}

/** What the platform shows of a person: a private profile shows only their name and face. */
type Person = { userId: number; slug: string; avatar: string | null; name: string; jobTitle: string | null; beats: number[]; outlets: string[]; companies: string[]; country: string | null; links: ContactFields['links']; phones: ContactFields['phones'] };

export async function peopleByIds(db: Db, userIds: readonly number[]): Promise<Map<number, Person>> {
  if (userIds.length === 0) return new Map();
  const { rows } = await sql<{
    id: number;
    slug: string;
    logo: string | null;
    firstname: string;
    lastname: string;
    job_title: string | null;
    visibility: string | null;
    country: string | null;
    links: ContactFields['links'] | null;
    contacts: Record<string, string | null> | null;
    beats: number[];
    outlets: string[];
    companies: string[];
  }>`
    select u.id, u.slug, u.logo, u.firstname, u.lastname, u.job_title, p.visibility, p.country, p.links, p.contacts,
      array(select beat_id from user_beats where user_id = u.id order by position) as beats,
      array(select o.name from outlet_people op join outlets o on o.id = op.outlet_id where op.user_id = u.id order by o.name) as outlets,
      array(select c.name from company_people cp join companies c on c.id = cp.company_id where cp.user_id = u.id order by c.name) as companies
    from users u left join user_profiles p on p.user_id = u.id
    where u.id = any(${sql.val(userIds)}::bigint[])`.execute(db);
  return new Map(
    rows.map((row) => {
      const hidden = row.visibility === 'private';
      // Work numbers only: mobile and home numbers never leave a profile.
      const work = Object.fromEntries(Object.entries(row.contacts ?? {}).filter(([key, value]) => (key === 'workDirect' || key === 'workReception') && value)) as ContactFields['phones'];
      const links = Object.fromEntries(Object.entries(row.links ?? {}).filter(([, value]) => value)) as ContactFields['links'];
      return [
        row.id,
        {
          userId: row.id,
          slug: row.slug,
          avatar: row.logo,
          name: `${row.firstname} ${row.lastname}`,
          jobTitle: hidden ? null : row.job_title,
          beats: hidden ? [] : row.beats,
          outlets: hidden ? [] : row.outlets,
          companies: hidden ? [] : row.companies,
          country: hidden ? null : row.country,
          links: hidden ? {} : links,
          phones: hidden ? {} : work,
        },
      ];
    }),
  );
}

/** Each word typed is a prefix: "jo smi" finds Jo Smith while it is being typed. */
function prefixQuery(q: string): RawBuilder<unknown> | null {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  return words ? sql`to_tsquery('simple', ${words.map((word) => `${word}:*`).join(' & ')})` : null;
}

type Sql = RawBuilder<unknown>;

// One tiebreak column for both sides (a contact's id, or minus a person's user id) keeps the
// order total and matches the contacts' indexes (account, name, id) and (account, update, id).
const ORDERS = {
  name: sql`sort_name, tiebreak`,
  '-name': sql`sort_name desc, tiebreak desc`,
  recent: sql`changed_at desc, tiebreak desc`,
  list: sql`list_position, tiebreak`,
};

/** The filters a directory total may read from `contact_facet_counts`: at most one of these, and no search or list. */
const FACETS = ['beat', 'outlet', 'country', 'tag'] as const;

/** Rows an ordered scan reads before a search's words are deemed rare (see contactsMatching). */
const SCAN_WINDOW = 2000;

const atOutlet = (outlet: string) => sql`select op.user_id from outlet_people op join outlets o on o.id = op.outlet_id where lower(o.name) = lower(${outlet})`;

// A contact kept of a person matches by their profile, and only what their profile shows:
// `c.user_id = any(array(...))` beside the contact's own column lets PostgreSQL combine two
// indexes when a filter is rare, or keep reading in the page's order when it is common.
const shownBy = (people: Sql) =>
  sql`c.user_id = any(array(select w.user_id from (${people}) w where not exists (select 1 from user_profiles hidden where hidden.user_id = w.user_id and hidden.visibility = 'private')))`;

/** The conditions on an account's contacts (`contacts c`) of the directory's filters, search words apart. */
export function contactConditions(accountId: number, query: Pick<DirectoryQuery, 'beat' | 'outlet' | 'country' | 'tag' | 'list' | 'hasEmail'>): Sql[] {
  const where: Sql[] = [sql`c.account_id = ${accountId}`];
  if (query.beat !== undefined) where.push(sql`(c.beats @> array[${query.beat}]::integer[] or ${shownBy(sql`select ub.user_id from user_beats ub where ub.beat_id = ${query.beat}`)})`);
  if (query.outlet) where.push(sql`(c.outlets @> array[${query.outlet}]::text[] or ${shownBy(atOutlet(query.outlet))})`);
  if (query.country) where.push(sql`(c.country = ${query.country} or ${shownBy(sql`select pc.user_id from user_profiles pc where pc.country = ${query.country}`)})`);
  if (query.tag) where.push(sql`c.tags @> array[${query.tag}]::text[]`);
  if (query.list !== undefined) where.push(sql`exists (select 1 from contact_list_members m where m.list_id = ${query.list} and m.contact_id = c.id)`);
  if (query.hasEmail !== undefined) where.push(query.hasEmail ? sql`cardinality(c.emails) > 0` : sql`cardinality(c.emails) = 0`);
  return where;
}

/**
 * The conditions on an account's contacts of a living list's saved search, or null when its
 * words hold nothing to search by (it then has no one).
 */
export function livingConditions(accountId: number, filter: StoredListFilter): Sql[] | null {
  const tsquery = filter.q ? prefixQuery(filter.q) : null;
  if (filter.q && !tsquery) return null;
  return [...contactConditions(accountId, filter), ...(tsquery ? [sql`c.search_vector @@ ${tsquery}`] : [])];
}

/**
 * The first `reach` contacts, in the page's order, that match the search words besides the
 * other filters. PostgreSQL guesses a prefix search ("smi:*") matches 2% of rows, whatever the
 * word: for a common word it then sorted every match (18,000 for "tech wire", 70 ms), for a rare
 * one it would read the whole account in order. So the common case is tried first: the first
 * rows in the page's order, searched; if too few of them match, the words are rare and their
 * index finds every match, few enough to sort.
 */
async function contactsMatching(db: Db, rows: (extra: Sql) => Sql, order: Sql, tsquery: Sql, reach: number): Promise<number[]> {
  const window = SCAN_WINDOW + 20 * reach;
  const {
    rows: [ordered],
  } = await sql<{ scanned: number; ids: string[] }>`
    with w as materialized (${rows(sql`true`)} order by ${order} limit ${window})
    select (select count(*) from w)::int as scanned, array(select id from w where w.search_vector @@ ${tsquery} order by ${order} limit ${reach}) as ids`.execute(db);
  if (ordered!.ids.length >= reach || ordered!.scanned < window) return ordered!.ids.map(Number);
  // `offset 0` keeps the planner from reading the matches through the order's index.
  const {
    rows: [rare],
  } = await sql<{ ids: string[] }>`select array(select id from (${rows(sql`c.search_vector @@ ${tsquery}`)} offset 0) m order by ${order} limit ${reach}) as ids`.execute(db);
  return rare!.ids.map(Number);
}

type DirectoryFilters = Pick<DirectoryQuery, 'q' | 'beat' | 'outlet' | 'country' | 'tag' | 'list' | 'hasEmail'>;

/**
 * The directory's two sides for its filters: the conditions on the account's contacts (without
 * and with the search words) and the platform's journalists it keeps no record of (null when a
 * filter only the account's contacts have rules them out). Null when the words hold nothing to
 * search by.
 */
function directorySides(accountId: number, query: DirectoryFilters) {
  const tsquery = query.q ? prefixQuery(query.q) : null;
  if (query.q && !tsquery) return null;
  const personWhere: Sql[] = [
    sql`'journo' = any(u.roles)`,
    sql`coalesce(p.visibility, 'public') = 'public'`,
    sql`not exists (select 1 from contacts k where k.account_id = ${accountId} and k.user_id = u.id)`,
  ];
  if (tsquery) personWhere.push(sql`to_tsvector('simple', u.firstname || ' ' || u.lastname || ' ' || coalesce(u.job_title, '')) @@ ${tsquery}`);
  if (query.beat !== undefined) personWhere.push(sql`exists (select 1 from user_beats ub where ub.user_id = u.id and ub.beat_id = ${query.beat})`);
  if (query.outlet) personWhere.push(sql`u.id in (${atOutlet(query.outlet)})`);
  if (query.country) personWhere.push(sql`p.country = ${query.country}`);
  // Tags, lists and email addresses are the account's own: only its contacts have them.
  const contactsOnly = query.tag !== undefined || query.list !== undefined || query.hasEmail === true;
  const contactWhere = contactConditions(accountId, query);
  const people = sql`
    select null::bigint as id, u.id as user_id, lower(u.firstname || ' ' || u.lastname) as sort_name, -u.id as tiebreak, u.created_at as changed_at, null::integer as list_position
    from users u left join user_profiles p on p.user_id = u.id where ${sql.join(personWhere, sql` and `)}`;
  return { tsquery, contactWhere, searched: tsquery ? [...contactWhere, sql`c.search_vector @@ ${tsquery}`] : contactWhere, people: contactsOnly ? null : people };
}

/**
 * Everyone the directory shows for these filters, a living list's by its search, in no order:
 * the account's contacts by id and the platform's journalists without a record by user id. At
 * most `limit` of them.
 */
export async function directoryMatches(db: Db, accountId: number, filters: DirectoryFilters, limit: number): Promise<{ contactIds: number[]; userIds: number[] }> {
  const living = filters.list === undefined ? null : await listFilterOf(db, accountId, filters.list);
  const sides = directorySides(accountId, living ? livingQuery(living, { ...filters, sort: 'name', total: false, offset: 0, limit }) : filters);
  if (!sides) return { contactIds: [], userIds: [] };
  const { rows } = await sql<DirectoryKey>`
    select c.id, null::bigint as user_id from contacts c where ${sql.join(sides.searched, sql` and `)}
    ${sides.people ? sql`union all select id, user_id from (${sides.people}) p` : sql``}
    limit ${limit}`.execute(db);
  return { contactIds: rows.flatMap((row) => (row.id === null ? [] : [Number(row.id)])), userIds: rows.flatMap((row) => (row.user_id === null ? [] : [Number(row.user_id)])) };
}

/**
 * The directory: the account's contacts and the platform's journalists it keeps no record of,
 * in one order. Each side is narrowed by the same filters (a person's beats, outlets and
 * country are their profile's) and the page is cut from both at once.
 */
export async function directory(db: Kysely<Database>, accountId: number, query: DirectoryQuery): Promise<{ data: DirectoryRow[]; hasMore: boolean; total: number | null }> {
  const sides = directorySides(accountId, query);
  if (!sides) return { data: [], hasMore: false, total: query.total ? 0 : null };
  const { tsquery, contactWhere, searched, people } = sides;

  const position = query.list === undefined ? sql`null::integer` : sql`(select m.position from contact_list_members m where m.list_id = ${query.list} and m.contact_id = c.id)`;
  const contactRows = (where: Sql[], extra: Sql = sql``) =>
    sql`select c.id, c.user_id, lower(c.name) as sort_name, c.id as tiebreak, c.updated_at as changed_at, ${position} as list_position ${extra} from contacts c where ${sql.join(where, sql` and `)}`;
  const order = ORDERS[query.sort];
  const reach = query.offset + query.limit + 1;
  // With search words, the contacts' side is the few found first; their rows are then read by id.
  const pageWhere = tsquery
    ? [sql`c.account_id = ${accountId}`, sql`c.id = any(${sql.val(await contactsMatching(db, (extra) => contactRows([...contactWhere, extra], sql`, c.search_vector`), order, tsquery, reach))}::bigint[])`]
    : contactWhere;
  // Each side is cut to the page's end in its own order first: on a union as a whole the
  // planner sorted all 100,000 contacts for every page.
  // The page's contacts' columns come with their places, in the same statement.
  const { rows } = await sql<DirectoryKey & Omit<DirectoryRecord, 'id'>>`
    select d.id, d.user_id, ${sql.join(RECORD_COLUMNS.slice(1).map((column) => sql.ref(`c.${column}`)))}
    from ((${contactRows(pageWhere)} order by ${order} limit ${reach}) ${people ? sql`union all (${people} order by ${order} limit ${reach})` : sql``}) d
    left join contacts c on c.id = d.id
    order by ${order} offset ${query.offset} limit ${query.limit + 1}`.execute(db);
  const page = rows.slice(0, query.limit);
  const records = page.flatMap((row) => (row.id === null ? [] : [{ ...row, id: row.id }]));
  const [data, total] = await Promise.all([rowsOf(db, page, records), query.total ? directoryTotal(db, accountId, query, searched, people) : null]);
  return { data, hasMore: rows.length > query.limit, total };
}

/**
 * How many rows the directory holds for a query. With no search or list and at most one other
 * filter, the account's private contacts are counted by `contact_facet_counts` (kept by the
 * projection); those kept of platform people, and the people, are counted as they are now.
 */
async function directoryTotal(db: Db, accountId: number, query: DirectoryQuery, contactWhere: Sql[], people: Sql | null): Promise<number> {
  const facets = FACETS.filter((facet) => query[facet] !== undefined && query[facet] !== '');
  const peopleCount = people ? sql`(select count(*) from (${people}) p)` : sql`0`;
  if (query.q || query.list !== undefined || facets.length > 1) {
    const { rows } = await sql<{ total: number }>`select ((select count(*) from contacts c where ${sql.join(contactWhere, sql` and `)}) + ${peopleCount})::int as total`.execute(db);
    return rows[0]!.total;
  }
  const facet = facets[0] ?? 'all';
  const value = facet === 'all' ? '' : String(query[facet]);
  const counted = query.hasEmail === undefined ? sql`k.contacts` : query.hasEmail ? sql`k.with_email` : sql`k.contacts - k.with_email`;
  const { rows } = await sql<{ total: number }>`
    select (coalesce((select ${counted} from contact_facet_counts k where k.account_id = ${accountId} and k.facet = ${facet} and k.value = ${value}), 0)
      + (select count(*) from contacts c where ${sql.join(contactWhere, sql` and `)} and c.user_id is not null)
      + ${peopleCount})::int as total`.execute(db);
  return rows[0]!.total;
}

// What the table shows of a contact: its search words, phones, links and addresses stay behind.
const RECORD_COLUMNS = ['id', 'name', 'job_title', 'outlets', 'beats', 'emails', 'country', 'tags', 'do_not_contact'] as const;
type DirectoryRecord = Pick<ContactsTable, (typeof RECORD_COLUMNS)[number]>;
type DirectoryKey = { id: number | null; user_id: number | null };

/** Directory rows for contacts (by id) and people without a record (by user id), in the order given. */
export async function directoryRows(db: Db, keys: readonly DirectoryKey[]): Promise<DirectoryRow[]> {
  const contactIds = keys.flatMap((key) => (key.id === null ? [] : [key.id]));
  const records = contactIds.length === 0 ? [] : await db.selectFrom('contacts').select(RECORD_COLUMNS).where('id', 'in', contactIds).execute();
  return rowsOf(db, keys, records);
}

/** Directory rows of keys whose contacts' records are read already; a person's fields are their profile's. */
async function rowsOf(db: Db, keys: readonly DirectoryKey[], records: readonly DirectoryRecord[]): Promise<DirectoryRow[]> {
  const byId = new Map(records.map((record) => [record.id, record]));
  const people = await peopleByIds(db, [...new Set(keys.flatMap((key) => (key.user_id === null ? [] : [key.user_id])))]);
  return keys.map((key) => {
    const record = key.id === null ? undefined : byId.get(key.id);
    const person = key.user_id === null ? undefined : people.get(key.user_id);
    return {
      id: record?.id ?? null,
      userId: person?.userId ?? null,
      slug: person?.slug ?? null,
      avatar: person?.avatar ?? null,
      name: person?.name ?? record?.name ?? '',
      jobTitle: person ? person.jobTitle : (record?.job_title ?? null),
      outlets: person ? person.outlets : (record?.outlets ?? []),
      beats: beatsOf(person ? person.beats : (record?.beats ?? [])),
      emails: record?.emails ?? [],
      country: countryOf(person ? person.country : (record?.country ?? null)),
      tags: record?.tags ?? [],
      doNotContact: record?.do_not_contact ?? false,
    };
  });
}

export async function contactKey(db: Db, accountId: number, contactId: number) {
  return db.selectFrom('contacts').select(['id', 'user_id']).where('id', '=', contactId).where('account_id', '=', accountId).executeTakeFirst();
}

/** One contact of the account, whole: a person's profile fields are read from their profile. */
export async function findContact(db: Db, accountId: number, contactId: number): Promise<ContactView | null> {
  const record = await db.selectFrom('contacts').selectAll().where('id', '=', contactId).where('account_id', '=', accountId).executeTakeFirst();
  if (!record) return null;
  const person = record.user_id === null ? undefined : (await peopleByIds(db, [record.user_id])).get(record.user_id);
  const [notes, lists] = await Promise.all([notesOf(db, contactId), db.selectFrom('contact_list_members as m').innerJoin('contact_lists as l', 'l.id', 'm.list_id').select(['l.id', 'l.name']).where('m.contact_id', '=', contactId).orderBy('l.name').orderBy('l.id').execute()]);
  const own = {
    name: record.name,
    jobTitle: record.job_title,
    outlets: record.outlets,
    companies: record.companies,
    beats: record.beats,
    phones: json(record.phones),
    links: json(record.links),
    addresses: json(record.addresses),
    timezone: record.timezone,
    country: record.country,
  };
  const shown = person ? { ...own, ...person, addresses: {}, timezone: null } : own;
  return {
    id: record.id,
    userId: record.user_id,
    slug: person?.slug ?? null,
    avatar: person?.avatar ?? null,
    name: shown.name,
    jobTitle: shown.jobTitle,
    outlets: shown.outlets,
    companies: shown.companies,
    beats: beatsOf(shown.beats),
    emails: record.emails,
    phones: shown.phones,
    links: shown.links,
    addresses: shown.addresses,
    timezone: shown.timezone,
    country: countryOf(shown.country),
    tags: record.tags,
    doNotContact: record.do_not_contact,
    lists,
    notes,
    createdAt: iso(record.created_at),
    updatedAt: iso(record.updated_at),
  };
}

/** A contact's notes, newest first; with `page`, only those written before its time, at most its limit. */
export async function notesOf(db: Db, contactId: number, page?: { before: Date | null; limit: number }): Promise<NoteView[]> {
  let query = db
    .selectFrom('contact_notes as n')
    .leftJoin('users as u', 'u.id', 'n.author_id')
    .select(['n.id', 'n.text', 'n.author_id', 'u.firstname', 'u.lastname', 'n.created_at', 'n.edited_at'])
    .where('n.contact_id', '=', contactId)
    .orderBy('n.id', 'desc');
  if (page?.before) query = query.where('n.created_at', '<', page.before);
  if (page) query = query.limit(page.limit);
  const notes = await query.execute();
  const ids = notes.map((note) => note.id);
  const revisions = ids.length === 0 ? [] : await db.selectFrom('contact_note_revisions').selectAll().where('note_id', 'in', ids).orderBy('replaced_at', 'desc').execute();
  return notes.map((note) => ({
    id: note.id,
    text: note.text,
    author: { id: note.author_id, name: note.firstname === null ? '' : `${note.firstname} ${note.lastname}` },
    createdAt: iso(note.created_at),
    editedAt: note.edited_at ? iso(note.edited_at) : null,
    history: revisions.filter((revision) => revision.note_id === note.id).map((revision) => ({ text: revision.text, replacedAt: iso(revision.replaced_at) })),
  }));
}

export async function findNote(db: Db, accountId: number, contactId: number, noteId: number): Promise<NoteView | null> {
  if (!(await contactKey(db, accountId, contactId))) return null;
  return (await notesOf(db, contactId)).find((note) => note.id === noteId) ?? null;
}

/** The account's records of these people, by user id. */
export async function recordsOfPeople(db: Db, accountId: number, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  // An array, not a list of parameters: a bulk action may name tens of thousands.
  const rows = await db.selectFrom('contacts').select(['id', 'user_id']).where('account_id', '=', accountId).where(sql<boolean>`user_id = any(${sql.val([...userIds])}::bigint[])`).execute();
  return new Map(rows.map((row) => [Number(row.user_id), Number(row.id)]));
}

/** Whether any of these addresses is on the account's suppression list. */
export async function anySuppressed(db: Db, accountId: number, emails: readonly string[] | undefined): Promise<boolean> {
  if (!emails || emails.length === 0) return false;
  return Boolean(await db.selectFrom('contact_suppressions').select('email').where('account_id', '=', accountId).where('email', 'in', emails).executeTakeFirst());
}

/** Which of these ids are the account's contacts. */
export async function ownContacts(db: Db, accountId: number, contactIds: readonly number[]): Promise<Set<number>> {
  if (contactIds.length === 0) return new Set();
  const rows = await db.selectFrom('contacts').select('id').where('account_id', '=', accountId).where('id', 'in', contactIds).execute();
  return new Set(rows.map((row) => row.id));
}

export async function listMembers(db: Db, listId: number): Promise<number[]> {
  const rows = await db.selectFrom('contact_list_members').select('contact_id').where('list_id', '=', listId).orderBy('position').execute();
  return rows.map((row) => row.contact_id);
}

/** Holds a list still for the rest of the transaction: its members are read, then changed, by one writer at a time. */
export async function lockList(trx: Tx, accountId: number, listId: number): Promise<boolean> {
  const row = await trx.selectFrom('contact_lists').select('id').where('id', '=', listId).where('account_id', '=', accountId).forUpdate().executeTakeFirst();
  return Boolean(row);
}

export async function listsOf(db: Kysely<Database>, accountId: number, listId?: number): Promise<ListView[]> {
  let query = db
    .selectFrom('contact_lists as l')
    .select(['l.id', 'l.name', 'l.description', 'l.created_at', 'l.updated_at', 'l.filter', sql<number>`(select count(*)::int from contact_list_members m where m.list_id = l.id)`.as('count')])
    .where('l.account_id', '=', accountId)
    .orderBy(sql`lower(l.name)`)
    .orderBy('l.id');
  if (listId !== undefined) query = query.where('l.id', '=', listId);
  const rows = await query.execute();
  // A living list counts whoever matches its search now.
  const counts = await Promise.all(
    rows.map(async (row) => (row.filter === null ? row.count : ((await directory(db, accountId, livingQuery(json(row.filter), { sort: 'name', total: true, offset: 0, limit: 1 }))).total ?? 0))),
  );
  return rows.map((row, index) => ({ id: row.id, name: row.name, description: row.description, count: counts[index]!, createdAt: iso(row.created_at), updatedAt: iso(row.updated_at) }));
}

/** A list's saved search, or null for a hand-made list (or none of the account's). */
export async function listFilterOf(db: Db, accountId: number, listId: number): Promise<StoredListFilter | null> {
  const row = await db.selectFrom('contact_lists').select('filter').where('id', '=', listId).where('account_id', '=', accountId).executeTakeFirst();
  return row?.filter ? json(row.filter) : null;
}

/** The directory's query for a living list's members: its search, and the reader's other filters beside it. */
export function livingQuery(filter: StoredListFilter, query: Omit<DirectoryQuery, 'list'> & { list?: number | undefined }): DirectoryQuery {
  const { list: _list, ...rest } = query;
  return { ...rest, ...filter, sort: query.sort === 'list' ? 'name' : query.sort };
}

const HANDLE_NETWORKS = ['twitter', 'linkedIn', 'instagram', 'facebook', 'youtube'];

/**
 * Pairs that look like one person (Prezly's rules): a shared email address (which is also one's
 * address among the other's); or, where an address cannot tell (one of the two has none), the
 * same name or the same social profile. Two with different addresses are two people. Pairs
 * said to be two people are left out.
 */
export async function duplicates(db: Kysely<Database>, accountId: number, limit: number) {
  const handle = (alias: string) => sql`lower(regexp_replace(regexp_replace(${sql.ref(`${alias}.value`)}, '^https?://(www\\.|m\\.|mobile\\.)?', ''), '/+$', ''))`;
  const { rows } = await sql<{ a: number; b: number; reason: 'email' | 'name' | 'handle' }>`
    select distinct on (a, b) a, b, reason from (
      select x.id as a, y.id as b, 'email' as reason, 1 as rank
      from contacts x join contacts y on y.account_id = x.account_id and y.id > x.id and y.emails && x.emails
      where x.account_id = ${accountId} and cardinality(x.emails) > 0
      union all
      select x.id, y.id, 'name', 2
      from contacts x join contacts y on y.account_id = x.account_id and lower(y.name) = lower(x.name) and y.id > x.id
      where x.account_id = ${accountId} and (cardinality(x.emails) = 0 or cardinality(y.emails) = 0)
      union all
      select x.id, y.id, 'handle', 3
      from contacts x cross join lateral jsonb_each_text(x.links) xl
      join contacts y on y.account_id = x.account_id and y.id > x.id and (cardinality(x.emails) = 0 or cardinality(y.emails) = 0)
      cross join lateral jsonb_each_text(y.links) yl
      where x.account_id = ${accountId}
        and xl.key = any(${sql.val(HANDLE_NETWORKS)}::text[]) and yl.key = xl.key and ${handle('xl')} = ${handle('yl')}
    ) pairs
    where not exists (select 1 from contact_not_duplicates n where n.contact_id = pairs.a and n.other_id = pairs.b)
    order by a, b, rank
    limit ${limit}`.execute(db);
  const ids = [...new Set(rows.flatMap((row) => [row.a, row.b]))];
  const records = ids.length === 0 ? [] : await db.selectFrom('contacts').select(['id', 'user_id']).where('id', 'in', ids).execute();
  const byId = new Map((await directoryRows(db, records)).map((row) => [row.id!, row]));
  return rows.map((row) => ({ reason: row.reason, contacts: [byId.get(row.a)!, byId.get(row.b)!] as [DirectoryRow, DirectoryRow] }));
}
