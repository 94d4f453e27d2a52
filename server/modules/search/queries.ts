import { sql, type Kysely, type RawBuilder } from 'kysely';
import { KIND_LABELS, type PostKind, type UserType } from '../../../contracts/posts/kinds.ts';
import { DATED_KINDS, OVERVIEW_LIMIT, PAGE_LIMIT, SEARCH_KINDS, type SearchGroup, type SearchHit, type SearchKind, type SearchQuery, type SearchResult } from '../../../contracts/search/index.ts';
import { preparedStatement } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { interviewsFindableBy } from '../interviews/index.ts';
import { highlighted, plainOf, searchTerms, TITLE_HEADLINE, SNIPPET_HEADLINE } from './text.ts';

/** Who searches: null for a guest. Guests find public people, companies and outlets only. */
export type Searcher = { id: number; isAdmin: boolean; userType: UserType | null } | null;

type Filters = { beat: number | null; from: string | null; to: string | null };
/** `ranked`: how many of the newest matching posts a posts group ranks (see RANKED_MATCHES). */
type Page = { offset: number; limit: number; ranked: number };

/** Kinds a guest may open: the rest are pages for signed-in people. */
const GUEST_KINDS: readonly SearchKind[] = ['people', 'companies', 'outlets', 'announcements'];

/**
 * Everything one search box finds. Without a kind, the best few of each group (all at once);
 * with one, a page of that group. A group holds only what the searcher could open.
 */
export async function searchEverything(db: Kysely<Database>, searcher: Searcher, query: SearchQuery): Promise<SearchResult> {
  const filters: Filters = { beat: query.beat ?? null, from: query.from ?? null, to: query.to ?? null };
  const page: Page = query.kind
    ? { offset: query.offset, limit: query.limit ?? PAGE_LIMIT, ranked: RANKED_MATCHES }
    : { offset: 0, limit: query.limit ?? OVERVIEW_LIMIT, ranked: OVERVIEW_RANKED_MATCHES };
  const kinds = (query.kind ? [query.kind] : SEARCH_KINDS).filter(
    (kind) => (searcher || GUEST_KINDS.includes(kind)) && (!(filters.from || filters.to) || DATED_KINDS.includes(kind)) && (filters.beat === null || BEAT_KINDS.includes(kind)),
  );
  const terms = searchTerms(query.q);
  const groups = await Promise.all(kinds.map((kind) => searchGroup(db, searcher, kind, terms, filters, page)));
  return { q: query.q, groups: groups.filter((group) => group.items.length > 0) };
}

/** Kinds a beat narrows: people on it, what they wrote, and announcements tagged with it. */
const BEAT_KINDS: readonly SearchKind[] = ['people', 'posts', 'stories', 'announcements'];

async function searchGroup(db: Kysely<Database>, searcher: Searcher, kind: SearchKind, terms: ReturnType<typeof searchTerms>, filters: Filters, page: Page): Promise<SearchGroup> {
  const tsquery = terms.prefix
    ? sql`(websearch_to_tsquery('english', ${terms.head}) && to_tsquery('english', ${terms.prefix}))`
    : sql`websearch_to_tsquery('english', ${terms.text})`;
  const run = { db, searcher, tsquery, text: terms.text, filters, limit: page.limit + 1, offset: page.offset, ranked: page.ranked, shape: terms.prefix === '' ? 'whole' : 'prefix' };
  const hits =
    kind === 'people'
      ? await people(run)
      : kind === 'communities'
        ? await communities(run)
        : kind === 'posts' || kind === 'stories'
          ? await posts(run, kind)
          : kind === 'interviews'
            ? await interviews(run)
            : kind === 'announcements'
              ? await announcements(run)
              : await organizations(run, kind);
  return { kind, items: hits.slice(0, page.limit), offset: page.offset, hasMore: hits.length > page.limit };
}

type Run = { db: Kysely<Database>; searcher: Searcher; tsquery: RawBuilder<unknown>; text: string; filters: Filters; limit: number; offset: number; ranked: number; shape: string };

/**
 * People by name, job, organisation and beats; a name also by its trigrams, so a typo still
 * finds them. A private profile is found by its name only, shows no job or organisation, and
 * is never shown to a guest; its owner and admins find it as anyone finds a public one.
 */
async function people(run: Run): Promise<SearchHit[]> {
  const { searcher } = run;
  const viewerId = searcher?.id ?? 0;
  const isAdmin = searcher?.isAdmin ?? false;
  const signedIn = searcher !== null;
  const { rows } = await sql<{
    id: number;
    slug: string;
    name: string;
    logo: string | null;
    job_title: string | null;
    organization: string | null;
    open: boolean;
    title_hl: string;
  }>`${preparedStatement(`search_people_${run.shape}${run.filters.beat !== null ? '_beat' : ''}`)}
    with q as (select ${run.tsquery} as query),
    hits as (
      select u.id from users u, q where u.search_vector @@ q.query
      union select user_id from search_people_like(${run.text})
      union select p.user_id from user_profiles p, q where p.search_vector @@ q.query
      union select ub.user_id from user_beats ub join beats b on b.id = ub.beat_id, q where b.search_vector @@ q.query
    ),
    ranked as (
      select u.id, u.slug, u.firstname || ' ' || u.lastname as name, u.logo, u.job_title, p.organization,
             coalesce(p.visibility, 'public') = 'public' or ${isAdmin}::bool or u.id = ${viewerId}::int8 as open,
             to_tsvector('english', u.firstname || ' ' || u.lastname) @@ q.query or word_similarity(${run.text}, u.firstname || ' ' || u.lastname) >= 0.4 as by_name,
             ts_rank(u.search_vector || coalesce(p.search_vector, ''), q.query) + similarity(u.firstname || ' ' || u.lastname, ${run.text})
               + word_similarity(${run.text}, u.firstname || ' ' || u.lastname) / 2 + coalesce(word_similarity(${run.text}, u.job_title), 0) / 4 as score
      from hits join users u on u.id = hits.id left join user_profiles p on p.user_id = u.id, q
      where ${run.filters.beat !== null ? sql`exists (select 1 from user_beats ub where ub.user_id = u.id and ub.beat_id = ${run.filters.beat}::int4)` : sql`true`}
    ),
    page as (
      select * from ranked
      where open or (${signedIn}::bool and by_name)
      order by score desc, name, id
      offset ${run.offset}::int8 limit ${run.limit}::int8
    )
    select page.id, page.slug, page.name, page.logo, page.open,
           case when page.open then page.job_title end as job_title, case when page.open then page.organization end as organization,
           ${headline(sql`page.name`, TITLE_HEADLINE)} as title_hl
    from page, q
    order by page.score desc, page.name, page.id`.execute(run.db);
  return rows.map((row) => ({
    kind: 'people',
    id: row.id,
    slug: row.slug,
    postKind: null,
    title: row.name,
    titleHtml: highlighted(row.title_hl),
    snippetHtml: null,
    detail: [row.job_title, row.organization].filter(Boolean).join(' · ') || null,
    image: row.logo,
    publishedAt: null,
  }));
}

async function organizations(run: Run, kind: 'companies' | 'outlets'): Promise<SearchHit[]> {
  const table = sql.table(kind);
  const { rows } = await sql<{ id: number; slug: string; name: string; domain: string; logo: string | null; title_hl: string }>`${preparedStatement(`search_${kind}_${run.shape}`)}
    with q as (select ${run.tsquery} as query),
    page as (
      select o.id, o.slug, o.name, o.domain, ${kind === 'companies' ? sql`o.logo` : sql`null::text`} as logo,
             ts_rank(o.search_vector, q.query) + similarity(o.name, ${run.text}) as score
      from ${table} o, q
      where o.search_vector @@ q.query or o.name % ${run.text}
      order by score desc, o.name, o.id
      offset ${run.offset}::int8 limit ${run.limit}::int8
    )
    select page.*, ${headline(sql`page.name`, TITLE_HEADLINE)} as title_hl
    from page, q
    order by page.score desc, page.name, page.id`.execute(run.db);
  return rows.map((row) => ({
    kind,
    id: row.id,
    slug: row.slug,
    postKind: null,
    title: row.name,
    titleHtml: highlighted(row.title_hl),
    snippetHtml: null,
    detail: row.domain,
    image: row.logo,
    publishedAt: null,
  }));
}

/** Communities, private ones included: their name and description are everyone's to see (communities/permissions.ts). */
async function communities(run: Run): Promise<SearchHit[]> {
  const { rows } = await sql<{ id: number; slug: string; name: string; type: string; logo: string | null; title_hl: string; snippet: string }>`${preparedStatement(`search_communities_${run.shape}`)}
    with q as (select ${run.tsquery} as query),
    page as (
      select c.id, c.slug, c.name, c.type, c.logo, c.description, ts_rank(c.search_vector, q.query) + similarity(c.name, ${run.text}) as score
      from communities c, q
      where c.search_vector @@ q.query or c.name % ${run.text}
      order by score desc, c.name, c.id
      offset ${run.offset}::int8 limit ${run.limit}::int8
    )
    select page.id, page.slug, page.name, page.type, page.logo,
           ${headline(sql`page.name`, TITLE_HEADLINE)} as title_hl,
           ${headline(sql`search_plain_text(page.description)`, SNIPPET_HEADLINE)} as snippet
    from page, q
    order by page.score desc, page.name, page.id`.execute(run.db);
  return rows.map((row) => ({
    kind: 'communities',
    id: row.id,
    slug: row.slug,
    postKind: null,
    title: row.name,
    titleHtml: highlighted(row.title_hl),
    snippetHtml: row.snippet.trim() ? highlighted(row.snippet) : null,
    detail: row.type === 'private' ? 'Private community' : 'Community',
    image: row.logo,
    publishedAt: null,
  }));
}

/**
 * Interviews by title, brief and questions, the ones interviews/search.ts findableBy gives
 * this person (their lists' interviews, a callout only to whom it targets); dated by
 * publication.
 */
async function interviews(run: Run): Promise<SearchHit[]> {
  const { from, to } = run.filters;
  const { rows } = await sql<{ id: number; title: string; status: string; published_at: Date | null; creator_name: string | null; title_hl: string; snippet: string }>`${preparedStatement(
    `search_interviews_${run.shape}${from ? '_from' : ''}${to ? '_to' : ''}`,
  )}
    with q as (select ${run.tsquery} as query),
    page as (
      select i.id, ts_rank(i.search_vector, q.query) + ${closeness(sql`i.search_vector`, sql`i.title`, run.text)} as score
      from interviews i, q
      where i.search_vector @@ q.query and ${interviewsFindableBy(run.searcher!)}
        ${from ? sql`and i.published_at >= ${from}::date` : sql``}
        ${to ? sql`and i.published_at < ${to}::date + 1` : sql``}
      order by score desc, i.id desc
      offset ${run.offset}::int8 limit ${run.limit}::int8
    )
    select i.id, i.title, i.status, i.published_at, u.firstname || ' ' || u.lastname as creator_name,
           ${headline(sql`i.title`, TITLE_HEADLINE)} as title_hl,
           ${shownSnippet(run, sql`page.score desc, page.id desc`, sql`search_plain_text(i.brief) || E'\n' || i.questions_text`)} as snippet
    from page join interviews i on i.id = page.id left join users u on u.id = i.creator_id, q
    order by page.score desc, page.id desc`.execute(run.db);
  return rows.map((row) => ({
    kind: 'interviews',
    id: Number(row.id),
    slug: null,
    postKind: null,
    title: row.title,
    titleHtml: highlighted(row.title_hl),
    snippetHtml: row.snippet.trim() ? highlighted(row.snippet) : null,
    detail: [row.status === 'draft' ? 'Draft interview' : row.status === 'closed' ? 'Closed interview' : 'Interview', row.creator_name].filter(Boolean).join(' · '),
    image: null,
    publishedAt: row.published_at?.toISOString() ?? null,
  }));
}

/**
 * How close a heading (weight A of the document's vector) is to what was typed, for a heading that
 * holds the words: a document matched only in its body earns nothing from its heading. pg_trgm's
 * similarity costs about 10 µs a row, and a common word matches most documents; the weight-A test
 * keeps it to the few whose heading matched (8.3 ms to 3.4 ms over 916 announcements).
 */
const closeness = (vector: RawBuilder<unknown>, heading: RawBuilder<unknown>, text: string) =>
  sql`case when ts_filter(${vector}, '{a}') @@ q.query then similarity(${heading}, ${text}) else 0 end`;

/**
 * Announcements by headline, subtitle, summary and body: public ones only (published, past
 * their embargo, in a public newsroom), the ones anybody, guests included, may open.
 */
async function announcements(run: Run): Promise<SearchHit[]> {
  const { beat, from, to } = run.filters;
  const { rows } = await sql<{ id: number; headline: string; public_at: Date | null; newsroom_name: string; title_hl: string; snippet: string }>`${preparedStatement(
    `search_announcements_${run.shape}${beat !== null ? '_beat' : ''}${from ? '_from' : ''}${to ? '_to' : ''}`,
  )}
    with q as (select ${run.tsquery} as query),
    page as (
      select a.id, ts_rank(a.search_vector, q.query) + ${closeness(sql`a.search_vector`, sql`a.headline`, run.text)} as score
      from announcements a join newsrooms n on n.id = a.newsroom_id, q
      where a.is_public and n.is_public and a.search_vector @@ q.query
        ${beat !== null ? sql`and a.beats @> array[${beat}::int4]` : sql``}
        ${from ? sql`and a.public_at >= ${from}::date` : sql``}
        ${to ? sql`and a.public_at < ${to}::date + 1` : sql``}
      order by score desc, a.id desc
      offset ${run.offset}::int8 limit ${run.limit}::int8
    )
    select a.id, a.headline, a.public_at, n.name as newsroom_name,
           ${headline(sql`a.headline`, TITLE_HEADLINE)} as title_hl,
           ${shownSnippet(run, sql`page.score desc, page.id desc`, sql`search_plain_text(a.body)`)} as snippet
    from page join announcements a on a.id = page.id join newsrooms n on n.id = a.newsroom_id, q
    order by page.score desc, page.id desc`.execute(run.db);
  return rows.map((row) => ({
    kind: 'announcements',
    id: Number(row.id),
    slug: null,
    postKind: null,
    title: row.headline,
    titleHtml: highlighted(row.title_hl),
    snippetHtml: row.snippet.trim() ? highlighted(row.snippet) : null,
    detail: ['Announcement', row.newsroom_name].join(' · '),
    image: null,
    publishedAt: row.public_at?.toISOString() ?? null,
  }));
}

/**
 * How many of the newest matching posts are ranked. A common word is in half the posts, and
 * ranking 50,000 of them took longer than the page may; among the newest thousand, the best
 * come first. The posts group is not a prepared statement: its plan must follow the words (a
 * rare one reads the GIN index, a common one the newest posts until enough match), and a generic
 * plan cannot. Stories are one kind of eight, with an index of their own (migration 0054): one
 * plan reads only the stories that match, however common the word, and is prepared.
 */
const RANKED_MATCHES = 1000;
/**
 * The overview's few posts (five a group, as one types) come from the newest 200 matches: a word
 * in one post of ten is in 10,000 of 100,000, and finding the newest 1,000 of those read 7,000 to
 * 10,000 rows either way the plan went (25-40 ms); the newest 200, about a fifth of that.
 */
const OVERVIEW_RANKED_MATCHES = 200;

/**
 * Posts of every kind but stories, or stories alone: title, content and each kind's own fields.
 * The rule of posts/permissions.ts mayRead, in SQL, except that nobody finds a deleted post,
 * not even its author: search shows what is there.
 */
async function posts(run: Run, kind: 'posts' | 'stories'): Promise<SearchHit[]> {
  const searcher = run.searcher!;
  const { beat, from, to } = run.filters;
  const { rows } = await sql<{
    id: number;
    kind: PostKind;
    fields: Record<string, unknown>;
    published_at: Date;
    author_name: string | null;
    title_hl: string;
    snippet: string;
  }>`${kind === 'stories' ? preparedStatement(`search_stories_${run.shape}_${run.ranked}${beat !== null ? '_beat' : ''}${from ? '_from' : ''}${to ? '_to' : ''}`) : sql``}
    with q as (select ${run.tsquery} as query),
    matches as (
      select p.id, p.published_at, p.search_vector
      from posts p
      where p.search_vector @@ ${run.tsquery} and not p.is_deleted and p.kind ${kind === 'stories' ? sql`=` : sql`<>`} 'story'
        ${from ? sql`and p.published_at >= ${from}::date` : sql``}
        ${to ? sql`and p.published_at < ${to}::date + 1` : sql``}
        ${beat !== null ? sql`and p.author_id in (select ub.user_id from user_beats ub where ub.beat_id = ${beat}::int4)` : sql``}
        and (${searcher.isAdmin}::bool or p.author_id = ${searcher.id}::int8 or p.creator_id = ${searcher.id}::int8 or (
          (cardinality(p.user_types) = 0 or p.user_types @> array[${searcher.userType}]::text[])
          and (cardinality(p.community_ids) = 0 or p.community_ids && (
            select coalesce(array_agg(c.id), '{}') from communities c
            where c.type = 'public' or exists (select 1 from memberships m where m.community_id = c.id and m.user_id = ${searcher.id}::int8)))))
      order by p.published_at desc, p.id desc
      limit ${sql.lit(run.ranked)}
    ),
    page as (
      select matches.id, matches.published_at, ts_rank(matches.search_vector, q.query) as score
      from matches, q
      order by score desc, matches.published_at desc, matches.id desc
      offset ${run.offset}::int8 limit ${run.limit}::int8
    )
    select p.id, p.kind, p.fields, p.published_at,
           -- Subqueries, not outer joins: two more tables to order joins among cost the planner
           -- 0.45 ms, and the posts group is planned at every search (see RANKED_MATCHES).
           case when p.author_type = 'person' then (select u.firstname || ' ' || u.lastname from users u where u.id = p.author_id)
                else (select co.name from companies co where co.id = p.author_id) end as author_name,
           ${headline(titleOf(sql`p.fields`), TITLE_HEADLINE)} as title_hl,
           ${headline(sql`search_plain_text(${bodyOf(sql`p.fields`)})`, SNIPPET_HEADLINE)} as snippet
    from page
    join posts p on p.id = page.id
    cross join q
    order by page.score desc, page.published_at desc, page.id desc`.execute(run.db);
  return rows.map((row) => {
    const title = titleText(row.fields);
    return {
      kind,
      id: row.id,
      slug: null,
      postKind: row.kind,
      title,
      titleHtml: row.title_hl.trim() ? highlighted(row.title_hl) : highlighted(title),
      snippetHtml: row.snippet.trim() ? highlighted(row.snippet) : null,
      detail: [KIND_LABELS[row.kind], row.author_name?.trim()].filter(Boolean).join(' · '),
      image: null,
      publishedAt: row.published_at.toISOString(),
    };
  });
}

/** `text` with the query's words marked (the marks are stripped from it first: they are ours). */
const headline = (text: RawBuilder<unknown>, options: string) => sql`ts_headline('english', translate(${text}, chr(1) || chr(2), ''), q.query, ${options})`;

/**
 * The snippet of a row the page shows, in the page's `order`; none for the row read past it to
 * tell whether there is more. A press release's snippet costs ts_headline about 250 µs.
 */
const shownSnippet = (run: Run, order: RawBuilder<unknown>, text: RawBuilder<unknown>) =>
  sql`case when row_number() over (order by ${order}) < ${run.limit}::int8 then ${headline(text, SNIPPET_HEADLINE)} else '' end`;

/** The kinds with a heading show it; the others open with their first words. */
const titleOf = (fields: RawBuilder<unknown>) => sql`coalesce(nullif(${fields}->>'title', ''), nullif(${fields}->>'name', ''), left(search_plain_text(${fields}->>'content'), 120))`;
const bodyOf = (fields: RawBuilder<unknown>) => sql`concat_ws(' ', ${fields}->>'summary', ${fields}->>'content', ${fields}->>'description', ${fields}->>'company', ${fields}->>'location', ${fields}->>'venue')`;

function titleText(fields: Record<string, unknown>): string {
  const heading = [fields.title, fields.name].find((value): value is string => typeof value === 'string' && value.trim() !== '');
  return heading ?? plainOf(typeof fields.content === 'string' ? fields.content : '').slice(0, 120);
}
