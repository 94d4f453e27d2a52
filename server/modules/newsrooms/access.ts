import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { ASKED_ALREADY, LINK_NOT_VALID, type ConfirmationView } from '../../../contracts/newsrooms/api.ts';
import type { EventMetadata } from '../../../contracts/events/index.ts';
import type { Core } from '../../core.ts';
import { ValidationFailed } from '../../errors.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { findCompany } from '../organizations/index.ts';
import { newsroomDecider, newsroomStream } from './commands.ts';
import type { Member } from './permissions.ts';
import { confirmersOf, findNewsroom, personOf, type NewsroomRow } from './queries.ts';

export const ACCESS_LINK_DAYS = 7;
const ID_SEQUENCE = 'newsroom_access_ids';

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** What confirming grants, in the words the mail and the confirmation page both use. */
export const grantsOf = (person: string, newsroom: string, company: string) =>
  `${person} will be able to edit the ${newsroom} newsroom of ${company}: its name, address, logo, brand colour, about text, press contacts, links, languages and whether it is public. ` +
  'It does not make them a member of your account, and gives them nothing else.';

/**
 * Asks the company's admins (those of the account that runs the newsroom) to let this person
 * edit it: a single-use link each, mailed through the outbox in the request's transaction.
 */
export async function requestAccess(core: Core, newsroom: NewsroomRow, member: Member, metadata: EventMetadata, publicUrl: string) {
  return core.commands.transaction(async (unit) => {
    // One live request at a time: asking again would only fill the admins' inboxes.
    const pending = await unit.trx
      .selectFrom('newsroom_access_links')
      .select('request_id')
      .where('newsroom_id', '=', newsroom.id)
      .where('user_id', '=', member.id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    const requestId = (await sql<{ id: number }>`select nextval(${ID_SEQUENCE})::int as id`.execute(unit.trx)).rows[0]!.id;
    const expiresAt = new Date(Date.now() + ACCESS_LINK_DAYS * 86_400_000);
    await unit.run(newsroomDecider, newsroomStream(newsroom.id), { type: 'requestAccess', newsroomId: newsroom.id, by: member, requestId, expiresAt: expiresAt.toISOString() }, metadata);
    if (pending) throw new ValidationFailed([ASKED_ALREADY]);
    const person = (await personOf(unit.trx, member.id))!;
    const company = (await findCompany(unit.trx, { id: newsroom.company_id }))?.name ?? 'its company';
    const confirmers = await confirmersOf(unit.trx, newsroom.account_id);
    // One link for each admin: whichever of them confirms first spends the request, and the
    // rest of the links with it.
    for (const confirmer of confirmers) {
      const code = randomBytes(24).toString('base64url');
      await unit.trx.insertInto('newsroom_access_links').values({ request_id: requestId, newsroom_id: newsroom.id, user_id: member.id, code_hash: hashCode(code), expires_at: expiresAt, used_at: null }).execute();
      await enqueueMail(unit.trx, {
        to: confirmer.email,
        subject: `${person.name} asks to edit the ${newsroom.name} newsroom`,
        text: [
          `${person.name} (${person.email}) asks to edit the ${newsroom.name} newsroom of ${company} on Pressroom.`,
          '',
          `If you confirm, ${grantsOf(person.name, newsroom.name, company)}`,
          '',
          `Confirm here: ${publicUrl}/app/newsrooms/confirm/${code}`,
          '',
          `The link works once, for ${ACCESS_LINK_DAYS} days. If you do not know ${person.name}, ignore this mail: nothing changes.`,
        ].join('\n'),
      });
    }
    return { id: requestId, newsroomId: newsroom.id, expiresAt: expiresAt.toISOString(), sentTo: confirmers.length };
  });
}

type Link = { request_id: number; newsroom_id: number; user_id: number; expires_at: Date; used_at: Date | null };

async function liveLink(trx: Kysely<Database>, code: string): Promise<Link> {
  const link = await trx
    .selectFrom('newsroom_access_links')
    .select(['request_id', 'newsroom_id', 'user_id', 'expires_at', 'used_at'])
    .where('code_hash', '=', hashCode(code))
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!link) throw new ValidationFailed([LINK_NOT_VALID]);
  return link;
}

async function confirmationOf(trx: Kysely<Database>, link: Link, newsroom: NewsroomRow, confirmed: boolean): Promise<ConfirmationView> {
  const person = (await personOf(trx, link.user_id)) ?? { id: link.user_id, name: 'Someone', email: '' };
  const company = await findCompany(trx, { id: newsroom.company_id });
  const companyView = { id: newsroom.company_id, slug: company?.slug ?? '', name: company?.name ?? 'its company' };
  return {
    newsroom: { id: newsroom.id, slug: newsroom.slug, name: newsroom.name },
    company: companyView,
    person,
    grants: grantsOf(person.name, newsroom.name, companyView.name),
    expiresAt: new Date(link.expires_at).toISOString(),
    confirmed,
  };
}

/** What a live link would grant, for the page that asks before confirming. A used or expired link grants nothing. */
export async function describeLink(core: Core, code: string): Promise<ConfirmationView> {
  const { db } = core.database;
  const link = await liveLink(db, code);
  const newsroom = await findNewsroom(db, { id: link.newsroom_id });
  if (!newsroom) throw new ValidationFailed([LINK_NOT_VALID]);
  return confirmationOf(db, link, newsroom, false);
}

/** Follows a link: once, before it expires. Spending it spends the other admins' links of the same request. */
export async function confirmLink(core: Core, code: string, by: Member | null, metadata: EventMetadata): Promise<ConfirmationView> {
  return core.commands.transaction(async (unit) => {
    const link = await liveLink(unit.trx, code);
    if (by?.id === link.user_id) throw new ValidationFailed(['You cannot confirm your own request: an admin of the company does']);
    // Guarded on being unused, so two clicks racing find one link to spend between them.
    const spent = await unit.trx
      .updateTable('newsroom_access_links')
      .set({ used_at: sql`now()` })
      .where('request_id', '=', link.request_id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) === 0) throw new ValidationFailed([LINK_NOT_VALID]);
    await unit.run(newsroomDecider, newsroomStream(link.newsroom_id), { type: 'confirmAccess', newsroomId: link.newsroom_id, by, requestId: link.request_id }, metadata);
    const newsroom = (await findNewsroom(unit.trx, { id: link.newsroom_id }))!;
    return confirmationOf(unit.trx, link, newsroom, true);
  });
}
