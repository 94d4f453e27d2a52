import { sql } from 'kysely';
import type { AnnouncementEvent, AnnouncementFields } from '../../../contracts/announcements/index.ts';
import type { InlineProjection } from '../../projections/inline.ts';
import { summary } from '../content/rich-text.ts';
import './tables.ts';
import './distribution/tables.ts';

const SUMMARY_LENGTH = 200;

const columns = (fields: AnnouncementFields) => ({
  headline: fields.headline,
  subtitle: fields.subtitle,
  body: fields.body,
  summary: summary(fields.body, SUMMARY_LENGTH),
  header_image: JSON.stringify(fields.headerImage),
  gallery: JSON.stringify(fields.gallery),
  video_id: fields.video,
  attachments: JSON.stringify(fields.attachments),
  beats: fields.beats,
  language: fields.language,
  embargo_until: fields.embargoUntil,
  tracking: fields.tracking,
});

/**
 * Announcements as their streams tell them. `is_public` is what the public may read (published,
 * its embargo passed); `due_at` when the stream next acts by itself, for the scheduler.
 */
export const announcementsProjection: InlineProjection<AnnouncementEvent> = {
  name: 'announcements',
  tables: ['announcements'],
  async apply(trx, event) {
    const at = event.recordedAt;
    const row = (id: number) => trx.updateTable('announcements').where('id', '=', id);
    switch (event.type) {
      case 'AnnouncementDrafted': {
        const { announcementId, newsroomId, accountId, fields, createdBy } = event.data;
        await trx
          .insertInto('announcements')
          .values({ id: announcementId, newsroom_id: newsroomId, account_id: accountId, status: 'draft', ...columns(fields), publish_at: null, published_at: null, public_at: null, is_public: false, due_at: null, created_by: createdBy, created_at: at, updated_at: at })
          .execute();
        return;
      }
      case 'AnnouncementEdited':
        // A published announcement still under embargo waits for the embargo as it is now.
        await row(event.data.announcementId)
          .set({ ...columns(event.data.fields), due_at: sql`case when status = 'published' and not is_public then ${event.data.fields.embargoUntil}::timestamptz else due_at end`, updated_at: at })
          .execute();
        return;
      case 'AnnouncementScheduled':
        await row(event.data.announcementId).set({ status: 'scheduled', publish_at: event.data.publishAt, due_at: event.data.publishAt, updated_at: at }).execute();
        return;
      case 'AnnouncementUnscheduled':
        await row(event.data.announcementId).set({ status: 'draft', publish_at: null, due_at: null, updated_at: at }).execute();
        return;
      case 'AnnouncementPublished': {
        const { announcementId, publishedAt, embargoedUntil } = event.data;
        const isPublic = embargoedUntil === null;
        await row(announcementId)
          .set({
            status: 'published',
            publish_at: null,
            published_at: publishedAt,
            is_public: isPublic,
            public_at: isPublic ? sql`coalesce(public_at, ${publishedAt}::timestamptz)` : sql`public_at`,
            due_at: embargoedUntil,
            updated_at: at,
          })
          .execute();
        return;
      }
      case 'AnnouncementEmbargoLifted':
        await row(event.data.announcementId).set({ is_public: true, public_at: sql`coalesce(public_at, ${event.data.at}::timestamptz)`, due_at: null, updated_at: at }).execute();
        return;
      case 'AnnouncementUnpublished':
        await row(event.data.announcementId).set({ status: 'unpublished', is_public: false, due_at: null, updated_at: at }).execute();
        return;
      case 'AnnouncementAudienceSet':
        await row(event.data.announcementId).set({ audience: JSON.stringify(event.data.audience), updated_at: at }).execute();
        return;
      case 'RecipientLinksRevoked':
        // The recipient's row is the send queue's (written beside the log, never by it); only its
        // revoked_at is the log's, set again to the same instant by a replay.
        await trx.updateTable('distribution_recipients').set({ revoked_at: at }).where('id', '=', event.data.recipientId).where('announcement_id', '=', event.data.announcementId).execute();
        return;
      case 'RecipientBounced': {
        // As revoked_at: the send queue's row carries what the log says of it. A hard bounce also
        // keeps the address from every later mailing (mail_bounces, which the sender's own refusals fill too).
        const { announcementId, recipientId, email, kind, status, diagnostic } = event.data;
        const recipient = trx.updateTable('distribution_recipients').where('id', '=', recipientId).where('announcement_id', '=', announcementId);
        if (kind === 'soft') {
          await recipient.set({ bounce: 'soft', bounce_status: status, bounced_at: at }).execute();
          return;
        }
        await recipient.set({ status: 'bounced', bounce: 'hard', bounce_status: status, bounced_at: at, last_error: diagnostic || status }).execute();
        await trx.insertInto('mail_bounces').values({ email: email.toLowerCase(), reason: diagnostic || status, at }).onConflict((oc) => oc.column('email').doNothing()).execute();
        return;
      }
      default:
        return;
    }
  },
};
