import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { stringify } from 'csv-stringify';
import { sql, type Kysely } from 'kysely';
import { CSV_COLUMNS, contactInput, NAME_REQUIRED, type ContactInput, type ImportField, type ImportReport } from '../../../contracts/contacts/api.ts';
import { EMPTY_FIELDS, type ContactFields } from '../../../contracts/contacts/fields.ts';
import type { EventMetadata } from '../../../contracts/events/index.ts';
import { BEATS } from '../../../contracts/users/enums.ts';
import type { Core } from '../../core.ts';
import type { Database } from '../../db/schema.ts';
import { Forbidden, ValidationFailed } from '../../errors.ts';
import { UNSTORABLE_LINE, unstorableFields } from '../../http/input-safety.ts';
import type { ContactEvent } from '../../../contracts/contacts/index.ts';
import type { StoredListFilter } from '../../../contracts/contacts/events.ts';
import { applyChanges, contactDecider, contactStream, sameFields } from './commands.ts';
import { READ_ONLY, type Member } from './permissions.ts';
import { livingConditions } from './queries.ts';
import type { ContactsTable } from './tables.ts';

/** Rows written per transaction: a bad batch (a conflict, a lost connection) costs at most this many. */
export const IMPORT_BATCH = 500;
export const MAX_IMPORT_ROWS = 100_000;
const EXPORT_PAGE = 1000;
const IMPORT_LOCK_NAMESPACE = 7317;
const SEPARATOR = ';';

const PHONE_TYPES = ['mobile', 'workDirect', 'workReception', 'home'] as const;
const LINK_TYPES = ['authorUrl', 'website', 'twitter', 'linkedIn', 'instagram', 'facebook', 'youtube', 'other'] as const;
const BEAT_BY_NAME = new Map<string, number>(BEATS.map((beat) => [beat.name, beat.id]));
const BEAT_NAME = new Map<number, string>(BEATS.map((beat) => [beat.id, beat.name]));

type Row = { line: number; input: ContactInput };
type Refused = { line: number; errors: string[] };

const split = (cell: string) =>
  cell
    .split(SEPARATOR)
    .map((part) => part.trim())
    .filter(Boolean);

/** A row's mapped cells as the contact form would send them: only mapped fields, so a re-import changes only those. */
function formOf(cells: Partial<Record<ImportField, string>>): Record<string, unknown> {
  const form: Record<string, unknown> = {};
  const mapped = (field: ImportField) => cells[field] !== undefined;
  if (mapped('name') || mapped('firstName') || mapped('lastName')) form.name = cells.name ?? [cells.firstName, cells.lastName].filter(Boolean).join(' ');
  if (mapped('jobTitle')) form.jobTitle = cells.jobTitle || null;
  for (const field of ['outlets', 'companies', 'emails', 'tags'] as const) if (mapped(field)) form[field] = split(cells[field]!);
  // A beat is written by its name; a name that is no beat fails the beat rule with its words.
  if (mapped('beats')) form.beats = split(cells.beats!).map((name) => BEAT_BY_NAME.get(name.toLowerCase()) ?? 0);
  if (PHONE_TYPES.some(mapped)) form.phones = Object.fromEntries(PHONE_TYPES.filter(mapped).map((type) => [type, cells[type]]));
  if (LINK_TYPES.some(mapped)) form.links = Object.fromEntries(LINK_TYPES.filter(mapped).map((type) => [type, cells[type]]));
  if (mapped('timezone')) form.timezone = cells.timezone || null;
  if (mapped('country')) form.country = cells.country || null;
  return form;
}

function judge(line: number, cells: Partial<Record<ImportField, string>>): Row | Refused {
  const unstorable = unstorableFields(cells);
  if (unstorable.length > 0) return { line, errors: unstorable.map((field) => `${field}: ${UNSTORABLE_LINE}`) };
  const parsed = contactInput.safeParse(formOf(cells));
  if (!parsed.success) return { line, errors: parsed.error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message)) };
  if (!parsed.data.name) return { line, errors: [NAME_REQUIRED] };
  return { line, input: parsed.data };
}

/**
 * A file's rows, judged one by one as they stream in. Its first line names the columns; the
 * mapping says which of them fill which field, and naming a column the file lacks is refused
 * before anything is written.
 */
export async function* readRows(file: Readable, mapping: Record<string, ImportField>): AsyncGenerator<Row | Refused> {
  // A line that is not CSV (a stray quote) is reported like a row that breaks a rule, and the
  // parser goes on after it.
  const parser = file.pipe(parse({ info: true, bom: true, relax_column_count: true, skip_empty_lines: true, skip_records_with_error: true }));
  const skipped: Refused[] = [];
  parser.on('skip', (error: CsvError & { lines?: number }) => skipped.push({ line: error.lines ?? 0, errors: [`Not valid CSV: ${error.message}`] }));
  let columns: { index: number; field: ImportField }[] | null = null;
  let rows = 0;
  const records = parser as AsyncIterable<{ record: string[]; info: { lines: number } }>;
  for await (const item of notBroken(records)) {
    yield* skipped.splice(0);
    if ('errors' in item) {
      yield item;
      return;
    }
    const { record, info } = item;
    // info.lines is the line a record ends on; a quoted cell may span lines.
    const line = info.lines - record.reduce((count, cell) => count + (cell.match(/\n/g)?.length ?? 0), 0);
    if (columns === null) {
      const headers = record.map((header) => header.trim());
      const missing = Object.keys(mapping).filter((header) => !headers.includes(header));
      if (missing.length > 0) throw new ValidationFailed(missing.map((header) => `Column "${header}" is not in the file`));
      columns = headers.flatMap((header, index) => (mapping[header] ? [{ index, field: mapping[header] }] : []));
      continue;
    }
    if (++rows > MAX_IMPORT_ROWS) throw new ValidationFailed([`A file may hold at most ${MAX_IMPORT_ROWS.toLocaleString('en')} rows`]);
    yield judge(line, Object.fromEntries(columns.map(({ index, field }) => [field, (record[index] ?? '').trim()])));
  }
  yield* skipped.splice(0);
  if (columns === null) throw new ValidationFailed(['The file is empty']);
}

/**
 * The file's records up to where it stops being CSV (a quote never closed, say). The rest
 * cannot be read as rows, so the report names that line and what came before is imported.
 */
async function* notBroken<T>(records: AsyncIterable<T>): AsyncGenerator<T | Refused> {
  try {
    yield* records;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = (error as CsvError & { lines?: number }).lines ?? 0;
    yield { line, errors: [`The file is not valid CSV from this line on (${error.message.replace(/^.*?:\s*/, '')}); the rows after it were not read`] };
  }
}

/**
 * Writes judged rows in batches, one transaction each. A row whose email address the account
 * already has (or an earlier row of the file had) updates that contact, and a row that changes
 * nothing is counted as unchanged.
 */
export async function importRows(core: Core, member: Member, metadata: EventMetadata, rows: AsyncIterable<Row | Refused>): Promise<ImportReport> {
  // Unchanged rows write nothing, so no command would refuse a read-only person: refuse here.
  if (member.isReadOnly) throw new Forbidden(READ_ONLY);
  const report: ImportReport = { imported: 0, updated: 0, unchanged: 0, failed: [] };
  let batch: Row[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const counts = await writeBatch(core, member, metadata, batch);
    report.imported += counts.imported;
    report.updated += counts.updated;
    report.unchanged += counts.unchanged;
    batch = [];
  };
  for await (const row of rows) {
    if ('errors' in row) report.failed.push(row);
    else batch.push(row);
    if (batch.length >= IMPORT_BATCH) await flush();
  }
  await flush();
  report.failed.sort((a, b) => a.line - b.line);
  return report;
}

/** A contact's fields as its row in the read model holds them (jsonb may come back as text). */
function fieldsOfRow(row: ContactsTable): ContactFields {
  const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
  return {
    name: row.name,
    jobTitle: row.job_title,
    outlets: row.outlets,
    companies: row.companies,
    beats: row.beats.map(Number),
    emails: row.emails,
    phones: json(row.phones),
    links: json(row.links),
    addresses: json(row.addresses),
    timezone: row.timezone,
    country: row.country,
    tags: row.tags,
  };
}

/**
 * One batch in one transaction, set-based: the batch's new contacts are decided in memory and
 * written as one append of their new streams and one multi-row insert of their rows; a row
 * that would change nothing on a known contact (the read model says so) writes nothing. Only
 * rows that change a known contact run a command each.
 */
async function writeBatch(core: Core, member: Member, metadata: EventMetadata, batch: Row[]) {
  return core.commands.transaction(async (unit) => {
    // Two imports into one account take turns batch by batch: each must see the addresses the
    // other wrote, or both would add the same person.
    await sql`select pg_advisory_xact_lock(${IMPORT_LOCK_NAMESPACE}, ${member.accountId}::int)`.execute(unit.trx);
    const counts = { imported: 0, updated: 0, unchanged: 0 };
    const emails = [...new Set(batch.flatMap((row) => row.input.emails ?? []))];
    const byEmail = new Map<string, number>();
    const known = new Map<number, { fields: ContactFields; doNotContact: boolean }>();
    if (emails.length > 0) {
      // The array read through a subquery: seeing its 500 addresses, the planner judged the
      // overlap unselective and checked every contact of the account (a second a batch at
      // 100,000 contacts) instead of asking the addresses' index.
      const rows = await unit.trx
        .selectFrom('contacts')
        .selectAll()
        .where('account_id', '=', member.accountId)
        .where('user_id', 'is', null)
        .where(sql<boolean>`emails && (select ${sql.val(emails)}::text[])`)
        .orderBy('id')
        .execute();
      for (const row of rows) {
        known.set(Number(row.id), { fields: fieldsOfRow(row), doNotContact: row.do_not_contact });
        for (const email of row.emails) if (!byEmail.has(email)) byEmail.set(email, Number(row.id));
      }
    }
    const suppressed = new Set(
      emails.length === 0 ? [] : (await unit.trx.selectFrom('contact_suppressions').select('email').where('account_id', '=', member.accountId).where('email', 'in', emails).execute()).map((row) => row.email),
    );
    const { rows: ids } = await sql<{ id: number }>`select nextval('contact_record_ids')::int as id from generate_series(1, ${batch.length})`.execute(unit.trx);
    const started: { streamId: string; events: ContactEvent[]; metadata: EventMetadata }[] = [];
    const edits: { contactId: number; row: Row; onSuppressionList: boolean }[] = [];
    for (const [index, row] of batch.entries()) {
      const emailsOfRow = row.input.emails ?? [];
      const knownId = emailsOfRow.map((email) => byEmail.get(email)).find((id) => id !== undefined);
      const contactId = knownId ?? ids[index]!.id;
      const onSuppressionList = emailsOfRow.some((email) => suppressed.has(email));
      if (knownId === undefined) {
        const fields = applyChanges(EMPTY_FIELDS, row.input, false);
        const events = contactDecider.decide({ type: 'add', contactId, by: member, userId: null, fields, suppressed: onSuppressionList }, contactDecider.initialState);
        started.push({ streamId: contactStream(contactId), events, metadata });
        counts.imported++;
      } else edits.push({ contactId, row, onSuppressionList });
      for (const email of emailsOfRow) if (!byEmail.has(email)) byEmail.set(email, contactId);
    }
    await unit.startStreams(started);
    for (const { contactId, row, onSuppressionList } of edits) {
      const current = known.get(contactId);
      if (current && sameFields(applyChanges(current.fields, row.input, false), current.fields) && (!onSuppressionList || current.doNotContact)) {
        counts.unchanged++;
        continue;
      }
      const { events } = await unit.run(contactDecider, contactStream(contactId), { type: 'edit', contactId, by: member, changes: row.input, suppressed: onSuppressionList }, metadata);
      counts[events.length > 0 ? 'updated' : 'unchanged']++;
      // A later row of the same batch compares with what this one wrote.
      known.delete(contactId);
    }
    return counts;
  });
}

type ContactRow = Awaited<ReturnType<typeof exportPage>>[number];

/**
 * Which contacts an export holds: all the account's, one hand-made list's, a living list's
 * matches as they are when it runs (its saved search), or a chosen few (of those).
 */
export type ExportScope = { listId?: number | undefined; filter?: StoredListFilter | undefined; ids?: readonly number[] | undefined };

async function exportPage(db: Kysely<Database>, accountId: number, after: number, { listId, filter, ids }: ExportScope) {
  const living = filter ? livingConditions(accountId, filter) : undefined;
  if (living === null) return [];
  let query = db
    .selectFrom('contacts as c')
    .select(['c.id', 'c.name', 'c.job_title', 'c.outlets', 'c.companies', 'c.beats', 'c.emails', 'c.phones', 'c.links', 'c.timezone', 'c.country', 'c.tags'])
    .where('c.account_id', '=', accountId)
    .where('c.id', '>', after)
    .orderBy('c.id')
    .limit(EXPORT_PAGE);
  if (ids !== undefined) query = query.where('c.id', 'in', ids.length > 0 ? [...ids] : [0]);
  if (listId !== undefined) query = query.where(({ exists, selectFrom }) => exists(selectFrom('contact_list_members as m').select('m.list_id').where('m.list_id', '=', listId).whereRef('m.contact_id', '=', 'c.id')));
  if (living) query = query.where(sql<boolean>`${sql.join(living, sql` and `)}`);
  return query.execute();
}

function cellsOf(row: ContactRow): Record<(typeof CSV_COLUMNS)[number], string> {
  const phones = (typeof row.phones === 'string' ? JSON.parse(row.phones) : row.phones) as ContactFields['phones'];
  const links = (typeof row.links === 'string' ? JSON.parse(row.links) : row.links) as ContactFields['links'];
  return {
    name: row.name,
    jobTitle: row.job_title ?? '',
    outlets: row.outlets.join(SEPARATOR),
    companies: row.companies.join(SEPARATOR),
    beats: row.beats.map((id) => BEAT_NAME.get(id) ?? '').join(SEPARATOR),
    emails: row.emails.join(SEPARATOR),
    ...(Object.fromEntries(PHONE_TYPES.map((type) => [type, phones[type] ?? ''])) as Record<(typeof PHONE_TYPES)[number], string>),
    ...(Object.fromEntries(LINK_TYPES.map((type) => [type, links[type] ?? ''])) as Record<(typeof LINK_TYPES)[number], string>),
    timezone: row.timezone ?? '',
    country: row.country ?? '',
    tags: row.tags.join(SEPARATOR),
  };
}

/**
 * The account's contacts (or one list's) as CSV, read a page at a time by id as the reader
 * takes the text, so memory stays flat however many there are.
 */
export function exportCsv(db: Kysely<Database>, accountId: number, scope: ExportScope = {}): Readable {
  async function* rows() {
    for (let after = 0; ; ) {
      const page = await exportPage(db, accountId, after, scope);
      if (page.length === 0) return;
      for (const row of page) yield cellsOf(row);
      after = page.at(-1)!.id;
    }
  }
  const source = Readable.from(rows());
  const csv = stringify({ header: true, columns: [...CSV_COLUMNS] });
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}
