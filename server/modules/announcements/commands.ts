import {
  BODY_REQUIRED,
  EMBARGO_PASSED,
  HEADLINE_REQUIRED,
  NO_ANNOUNCEMENT,
  NOT_PUBLISHED,
  NOT_SCHEDULED,
  PUBLISH_AT_PAST,
  PUBLISHED_ALREADY,
} from '../../../contracts/announcements/api.ts';
import { EMPTY_AUDIENCE, type Audience, type AnnouncementEvent, type AnnouncementFields } from '../../../contracts/announcements/index.ts';
import { Conflict, NotFound, ValidationFailed } from '../../errors.ts';
import type { Decider } from '../../events/decider.ts';
import { isBlank } from '../content/rich-text.ts';
import { writeRefusal, type Member, type NewsroomAccess } from './permissions.ts';

export const announcementStream = (announcementId: number) => `announcement-${announcementId}`;

/** A form's changes, already judged against the database (body sanitised, uploads found). */
export type AnnouncementChanges = Partial<AnnouncementFields>;

type Status = 'draft' | 'scheduled' | 'published' | 'unpublished';

export type AnnouncementState =
  | { exists: false }
  | {
      exists: true;
      newsroomId: number;
      fields: AnnouncementFields;
      status: Status;
      publishAt: string | null;
      /** Published and waiting for its embargo to pass. */
      embargoedUntil: string | null;
      /** The public has read it once: an embargo of it has passed for good. */
      wasPublic: boolean;
      audience: Audience;
      /** Recipients whose links were revoked. */
      revoked: number[];
      /** What the relay's reports said of each recipient who bounced. */
      bounces: Record<number, 'hard' | 'soft'>;
    };

/** Who acts: a person, with the newsroom as permissions see it, or the platform at a time (`by` null). */
type Acting = { by: Member; newsroom: NewsroomAccess };

export type AnnouncementCommand =
  | ({ type: 'draft'; announcementId: number; newsroomId: number; accountId: number; fields: AnnouncementFields } & Acting)
  | ({ type: 'edit'; announcementId: number; changes: AnnouncementChanges; at: Date } & Acting)
  | ({ type: 'schedule'; announcementId: number; publishAt: string | null; at: Date } & Acting)
  | ({ type: 'publish'; announcementId: number; at: Date } & Acting)
  | ({ type: 'unpublish'; announcementId: number } & Acting)
  /** Who its email version goes to, already judged (lists the account's, addresses well formed). */
  | ({ type: 'setAudience'; announcementId: number; audience: Audience } & Acting)
  /** One recipient's links stop opening it; the recipient is one of its own, found by the caller. */
  | ({ type: 'revokeRecipientLinks'; announcementId: number; recipient: { id: number; email: string } } & Acting)
  /** The relay reported a recipient's message undeliverable; the recipient is one of its own, found by the caller. */
  | { type: 'recordBounce'; announcementId: number; recipient: { id: number; email: string }; kind: 'hard' | 'soft'; status: string; diagnostic: string }
  /** The scheduler's clock reached this time: publish what is due, lift embargoes that passed. */
  | { type: 'tick'; announcementId: number; at: Date };

/** JSON with every object's keys sorted: the log's jsonb gives keys back in its own order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : inner,
  );

const time = (iso: string) => new Date(iso).getTime();

/** What must be written before anyone outside may read it. */
function readyToPublish(fields: AnnouncementFields): void {
  const problems = [...(fields.headline.trim() === '' ? [HEADLINE_REQUIRED] : []), ...(isBlank(fields.body) ? [BODY_REQUIRED] : [])];
  if (problems.length > 0) throw new ValidationFailed(problems);
}

/** Published at `at`: embargoed when its embargo is still ahead and it was never public before. */
function published(state: Extract<AnnouncementState, { exists: true }>, announcementId: number, at: Date, publishedAt: string, scheduled: boolean): AnnouncementEvent {
  const embargo = state.fields.embargoUntil;
  const embargoedUntil = !state.wasPublic && embargo !== null && time(embargo) > at.getTime() ? embargo : null;
  return { type: 'AnnouncementPublished', data: { announcementId, publishedAt, scheduled, embargoedUntil } };
}

export const announcementDecider: Decider<AnnouncementState, AnnouncementCommand, AnnouncementEvent> = {
  initialState: { exists: false },
  evolve(state, event) {
    if (event.type === 'AnnouncementDrafted') {
      return { exists: true, newsroomId: event.data.newsroomId, fields: event.data.fields, status: 'draft', publishAt: null, embargoedUntil: null, wasPublic: false, audience: EMPTY_AUDIENCE, revoked: [], bounces: {} };
    }
    if (!state.exists) return state;
    switch (event.type) {
      case 'AnnouncementEdited':
        return { ...state, fields: event.data.fields, embargoedUntil: state.embargoedUntil === null ? null : event.data.fields.embargoUntil };
      case 'AnnouncementScheduled':
        return { ...state, status: 'scheduled', publishAt: event.data.publishAt };
      case 'AnnouncementUnscheduled':
        return { ...state, status: 'draft', publishAt: null };
      case 'AnnouncementPublished':
        return { ...state, status: 'published', publishAt: null, embargoedUntil: event.data.embargoedUntil, wasPublic: state.wasPublic || event.data.embargoedUntil === null };
      case 'AnnouncementEmbargoLifted':
        return { ...state, embargoedUntil: null, wasPublic: true };
      case 'AnnouncementUnpublished':
        return { ...state, status: 'unpublished', embargoedUntil: null };
      case 'AnnouncementAudienceSet':
        return { ...state, audience: event.data.audience };
      case 'RecipientLinksRevoked':
        return { ...state, revoked: [...state.revoked, event.data.recipientId] };
      case 'RecipientBounced':
        return { ...state, bounces: { ...state.bounces, [event.data.recipientId]: event.data.kind } };
      default:
        return state;
    }
  },
  decide(command, state) {
    const { announcementId } = command;
    if (command.type === 'draft') {
      if (state.exists) throw new Conflict('This announcement exists already.');
      const refusal = writeRefusal(command.by, command.newsroom, true);
      if (refusal) throw refusal;
      if (command.fields.headline.trim() === '') throw new ValidationFailed([HEADLINE_REQUIRED]);
      const { newsroomId, accountId, fields } = command;
      return [{ type: 'AnnouncementDrafted', data: { announcementId, newsroomId, accountId, fields, createdBy: command.by.id } }];
    }
    if (!state.exists) throw new NotFound(NO_ANNOUNCEMENT);
    if (command.type === 'tick') {
      const at = command.at.getTime();
      if (state.status === 'scheduled' && state.publishAt !== null && time(state.publishAt) <= at) {
        const event = published(state, announcementId, command.at, state.publishAt, true);
        return [event];
      }
      if (state.status === 'published' && state.embargoedUntil !== null && time(state.embargoedUntil) <= at) {
        return [{ type: 'AnnouncementEmbargoLifted', data: { announcementId, at: state.embargoedUntil } }];
      }
      return [];
    }
    if (command.type === 'recordBounce') {
      const { recipient, kind, status, diagnostic } = command;
      const before = state.bounces[recipient.id];
      // Reported again (relays repeat a delay), or for now after for good: nothing new happened.
      if (before === 'hard' || (before === 'soft' && kind === 'soft')) return [];
      return [{ type: 'RecipientBounced', data: { announcementId, recipientId: recipient.id, email: recipient.email, kind, status, diagnostic } }];
    }
    const isPublic = state.status === 'published' && state.embargoedUntil === null;
    const refusal = writeRefusal(command.by, command.newsroom, isPublic);
    if (refusal) throw refusal;
    switch (command.type) {
      case 'edit': {
        const fields = { ...state.fields, ...Object.fromEntries(Object.entries(command.changes).filter(([, value]) => value !== undefined)) } as AnnouncementFields;
        if (fields.headline.trim() === '') throw new ValidationFailed([HEADLINE_REQUIRED]);
        // What is out, or will go out by itself, keeps a body.
        if ((state.status === 'published' || state.status === 'scheduled') && isBlank(fields.body)) throw new ValidationFailed([BODY_REQUIRED]);
        const embargoMoved = fields.embargoUntil !== state.fields.embargoUntil;
        if (embargoMoved && state.wasPublic && fields.embargoUntil !== null) throw new ValidationFailed([EMBARGO_PASSED]);
        if (canonical(fields) === canonical(state.fields)) return [];
        const edited: AnnouncementEvent = { type: 'AnnouncementEdited', data: { announcementId, fields } };
        // An embargo taken off, or moved to a time already past, lets the public in now.
        const liftNow = state.embargoedUntil !== null && (fields.embargoUntil === null || time(fields.embargoUntil) <= command.at.getTime());
        return liftNow ? [edited, { type: 'AnnouncementEmbargoLifted', data: { announcementId, at: command.at.toISOString() } }] : [edited];
      }
      case 'schedule': {
        if (command.publishAt === null) {
          if (state.status !== 'scheduled') throw new ValidationFailed([NOT_SCHEDULED]);
          return [{ type: 'AnnouncementUnscheduled', data: { announcementId } }];
        }
        if (state.status === 'published') throw new ValidationFailed([PUBLISHED_ALREADY]);
        if (time(command.publishAt) <= command.at.getTime()) throw new ValidationFailed([PUBLISH_AT_PAST]);
        readyToPublish(state.fields);
        const publishAt = new Date(command.publishAt).toISOString();
        if (state.status === 'scheduled' && state.publishAt !== null && time(state.publishAt) === time(publishAt)) return [];
        return [{ type: 'AnnouncementScheduled', data: { announcementId, publishAt } }];
      }
      case 'publish': {
        // Asked twice (a double click, a retry): published once.
        if (state.status === 'published') return [];
        readyToPublish(state.fields);
        return [published(state, announcementId, command.at, command.at.toISOString(), false)];
      }
      case 'unpublish': {
        if (state.status !== 'published') throw new ValidationFailed([NOT_PUBLISHED]);
        return [{ type: 'AnnouncementUnpublished', data: { announcementId } }];
      }
      case 'setAudience': {
        if (canonical(command.audience) === canonical(state.audience)) return [];
        return [{ type: 'AnnouncementAudienceSet', data: { announcementId, audience: command.audience } }];
      }
      case 'revokeRecipientLinks': {
        // Revoked once: asked again, nothing new happened.
        if (state.revoked.includes(command.recipient.id)) return [];
        return [{ type: 'RecipientLinksRevoked', data: { announcementId, recipientId: command.recipient.id, email: command.recipient.email } }];
      }
    }
  },
};
