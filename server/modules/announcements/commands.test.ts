import { describe, it } from 'vitest';
import { BODY_REQUIRED, EMBARGO_PASSED, NO_ANNOUNCEMENT, ONLY_OWN_PEOPLE, PUBLISH_AT_PAST } from '../../../contracts/announcements/api.ts';
import type { AnnouncementEvent, AnnouncementFields } from '../../../contracts/announcements/index.ts';
import { Forbidden, NotFound, ValidationFailed } from '../../errors.ts';
import { deciderSpec } from '../../testing/decider-spec.ts';
import { READ_ONLY } from '../newsrooms/index.ts';
import { announcementDecider, type AnnouncementCommand } from './commands.ts';
import type { Member, NewsroomAccess } from './permissions.ts';

const MODULES = ['ROLE_MODULE_ONLINE_NEWSROOM'];
const pat: Member = { id: 1, roles: ['pr'], accountId: 10, isReadOnly: false, modules: MODULES };
const reed: Member = { ...pat, id: 2, isReadOnly: true };
const bea: Member = { id: 3, roles: ['pr'], accountId: 20, isReadOnly: false, modules: MODULES };
const newsroom: NewsroomAccess = { accountId: 10, managers: new Set(), isPublic: true };
const spec = deciderSpec(announcementDecider);

const fields: AnnouncementFields = {
  headline: 'Harbour opens in Perth',
  subtitle: '',
  body: '<p>Monday.</p>',
  headerImage: null,
  gallery: [],
  video: null,
  attachments: [],
  beats: [],
  language: 'en',
  embargoUntil: null,
  tracking: true,
};
const id = 7;
const at = new Date('2030-03-01T00:00:00Z');
const drafted = (with_: Partial<AnnouncementFields> = {}): AnnouncementEvent => ({ type: 'AnnouncementDrafted', data: { announcementId: id, newsroomId: 3, accountId: 10, fields: { ...fields, ...with_ }, createdBy: 1 } });
const as = (by: Member) => ({ by, newsroom });
const publish = (by = pat, when = at): AnnouncementCommand => ({ type: 'publish', announcementId: id, at: when, ...as(by) });
const tick = (when: string): AnnouncementCommand => ({ type: 'tick', announcementId: id, at: new Date(when) });

describe('the announcement decider', () => {
  it('drafts for the newsroom’s writers only', () => {
    spec.given([]).when({ type: 'draft', announcementId: id, newsroomId: 3, accountId: 10, fields, ...as(pat) }).then([drafted()]);
    spec.given([]).when({ type: 'draft', announcementId: id, newsroomId: 3, accountId: 10, fields, ...as(reed) }).thenFails(Forbidden, READ_ONLY);
    spec.given([]).when({ type: 'draft', announcementId: id, newsroomId: 3, accountId: 10, fields, ...as(bea) }).thenFails(Forbidden, ONLY_OWN_PEOPLE);
    spec.given([]).when(publish()).thenFails(NotFound, NO_ANNOUNCEMENT);
  });

  it('publishes once, and not without a body', () => {
    const published: AnnouncementEvent = { type: 'AnnouncementPublished', data: { announcementId: id, publishedAt: at.toISOString(), scheduled: false, embargoedUntil: null } };
    spec.given([drafted()]).when(publish()).then([published]);
    spec.given([drafted(), published]).when(publish()).then([]);
    spec.given([drafted({ body: '<p> </p>' })]).when(publish()).thenFails(ValidationFailed, BODY_REQUIRED);
    spec.given([drafted(), published]).when(publish(bea)).thenFails(Forbidden, ONLY_OWN_PEOPLE);
  });

  it('keeps a body in what is scheduled or published', () => {
    const scheduled: AnnouncementEvent = { type: 'AnnouncementScheduled', data: { announcementId: id, publishAt: '2030-03-02T00:00:00.000Z' } };
    spec.given([drafted(), scheduled]).when({ type: 'edit', announcementId: id, changes: { body: '' }, at, ...as(pat) }).thenFails(ValidationFailed, BODY_REQUIRED);
    spec.given([drafted()]).when({ type: 'edit', announcementId: id, changes: { body: '' }, at, ...as(pat) }).then([{ type: 'AnnouncementEdited', data: { announcementId: id, fields: { ...fields, body: '' } } }]);
  });

  it('hides a draft from outsiders as not found', () => {
    spec.given([drafted()]).when(publish(bea)).thenFails(NotFound, NO_ANNOUNCEMENT);
  });

  it('schedules for a future time and publishes at it when the clock gets there, once', () => {
    const scheduled: AnnouncementEvent = { type: 'AnnouncementScheduled', data: { announcementId: id, publishAt: '2030-03-02T00:00:00.000Z' } };
    spec.given([drafted()]).when({ type: 'schedule', announcementId: id, publishAt: '2030-03-02T10:00:00+10:00', at, ...as(pat) }).then([scheduled]);
    spec.given([drafted()]).when({ type: 'schedule', announcementId: id, publishAt: '2030-02-28T00:00:00Z', at, ...as(pat) }).thenFails(ValidationFailed, PUBLISH_AT_PAST);
    spec.given([drafted(), scheduled]).when(tick('2030-03-01T23:59:59Z')).then([]);
    const published: AnnouncementEvent = { type: 'AnnouncementPublished', data: { announcementId: id, publishedAt: '2030-03-02T00:00:00.000Z', scheduled: true, embargoedUntil: null } };
    spec.given([drafted(), scheduled]).when(tick('2030-03-02T00:00:01Z')).then([published]);
    spec.given([drafted(), scheduled, published]).when(tick('2030-03-02T00:00:02Z')).then([]);
  });

  it('publishes under embargo and lifts it when its time comes; an embargo once passed stays passed', () => {
    const embargo = '2030-03-05T00:00:00.000Z';
    const published: AnnouncementEvent = { type: 'AnnouncementPublished', data: { announcementId: id, publishedAt: at.toISOString(), scheduled: false, embargoedUntil: embargo } };
    spec.given([drafted({ embargoUntil: embargo })]).when(publish()).then([published]);
    spec.given([drafted({ embargoUntil: embargo }), published]).when(tick('2030-03-04T00:00:00Z')).then([]);
    const lifted: AnnouncementEvent = { type: 'AnnouncementEmbargoLifted', data: { announcementId: id, at: embargo } };
    spec.given([drafted({ embargoUntil: embargo }), published]).when(tick(embargo)).then([lifted]);
    spec
      .given([drafted({ embargoUntil: embargo }), published, lifted])
      .when({ type: 'edit', announcementId: id, changes: { embargoUntil: '2030-04-01T00:00:00.000Z' }, at, ...as(pat) })
      .thenFails(ValidationFailed, EMBARGO_PASSED);
    // An embargo already past when it is published is none.
    spec.given([drafted({ embargoUntil: '2030-01-01T00:00:00.000Z' })]).when(publish()).then([{ type: 'AnnouncementPublished', data: { announcementId: id, publishedAt: at.toISOString(), scheduled: false, embargoedUntil: null } }]);
  });
});
