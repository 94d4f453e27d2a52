import { describe, expect, it } from 'vitest';
import { MANAGES_ALREADY, NO_MODULE, NOT_OF_COMPANY } from '../../../contracts/newsrooms/api.ts';
import type { NewsroomEvent, NewsroomFields } from '../../../contracts/newsrooms/index.ts';
import { fold } from '../../events/decider.ts';
import { newsroomDecider, type NewsroomCommand } from './commands.ts';
import type { Member } from './permissions.ts';

const MODULES = ['ROLE_MODULE_ONLINE_NEWSROOM'];
const pat: Member = { id: 1, roles: ['pr', 'accountAdmin'], accountId: 10, isReadOnly: false, modules: MODULES };
const reed: Member = { ...pat, id: 2, roles: ['pr'], isReadOnly: true };
const bea: Member = { id: 3, roles: ['pr'], accountId: 20, isReadOnly: false, modules: MODULES };
const ada: Member = { id: 4, roles: ['admin'], accountId: 1, isReadOnly: false, modules: MODULES };
const jo: Member = { id: 5, roles: ['journo'], accountId: null, isReadOnly: false, modules: null };

const fields: NewsroomFields = { name: 'Harbour', slug: 'harbour', logo: null, brandColour: null, about: '', pressContacts: [], links: {}, languages: ['en'], isPublic: false };
const created: NewsroomEvent = { type: 'NewsroomCreated', data: { newsroomId: 7, companyId: 3, accountId: 10, fields, createdBy: 1 } };

/** Given these events, when this command: the events decided, or the error's words. */
function when(given: NewsroomEvent[], command: NewsroomCommand): NewsroomEvent[] | string {
  try {
    return newsroomDecider.decide(command, fold(newsroomDecider, given));
  } catch (error) {
    return (error as Error).message;
  }
}

describe('the newsroom decider', () => {
  it('creates a newsroom for someone who answers for the company, run by their account', () => {
    expect(when([], { type: 'create', newsroomId: 7, by: pat, companyId: 3, fields, responsible: true })).toEqual([created]);
    expect(when([], { type: 'create', newsroomId: 7, by: pat, companyId: 3, fields, responsible: false })).toBe(NOT_OF_COMPANY);
    expect(when([], { type: 'create', newsroomId: 7, by: jo, companyId: 3, fields, responsible: true })).toBe(NO_MODULE);
    expect(when([], { type: 'create', newsroomId: 7, by: ada, companyId: 3, fields, responsible: false })).toHaveLength(1);
    expect(when([], { type: 'create', newsroomId: 7, by: pat, companyId: 3, fields: { ...fields, name: ' ' }, responsible: true })).toBe('Name is required');
  });

  it('edits into the whole new fields, and records nothing when nothing changed', () => {
    expect(when([created], { type: 'edit', newsroomId: 7, by: pat, changes: { about: 'Tides', isPublic: true } })).toEqual([
      { type: 'NewsroomEdited', data: { newsroomId: 7, fields: { ...fields, about: 'Tides', isPublic: true } } },
    ]);
    expect(when([created], { type: 'edit', newsroomId: 7, by: pat, changes: { name: 'Harbour' } })).toEqual([]);
  });

  it('lets the account edit, read-only people read, and hides a private newsroom from outsiders', () => {
    expect(when([created], { type: 'edit', newsroomId: 7, by: reed, changes: { about: 'x' } })).toBe('Your account is read-only: you can look, but not change anything.');
    expect(when([created], { type: 'edit', newsroomId: 7, by: bea, changes: { about: 'x' } })).toBe('No such newsroom.');
    expect(when([created], { type: 'edit', newsroomId: 7, by: ada, changes: { about: 'x' } })).toHaveLength(1);
    const published: NewsroomEvent = { type: 'NewsroomEdited', data: { newsroomId: 7, fields: { ...fields, isPublic: true } } };
    expect(when([created, published], { type: 'edit', newsroomId: 7, by: bea, changes: { about: 'x' } })).toBe('Only the newsroom’s own people may edit it');
  });

  it('lets an outsider ask, and once confirmed, edit; a second confirmation adds nothing', () => {
    const asked: NewsroomEvent = { type: 'NewsroomAccessRequested', data: { newsroomId: 7, requestId: 9, userId: 3, expiresAt: '2030-01-01T00:00:00.000Z' } };
    expect(when([created], { type: 'requestAccess', newsroomId: 7, by: bea, requestId: 9, expiresAt: '2030-01-01T00:00:00.000Z' })).toEqual([asked]);
    expect(when([created], { type: 'requestAccess', newsroomId: 7, by: pat, requestId: 9, expiresAt: '2030-01-01T00:00:00.000Z' })).toBe(MANAGES_ALREADY);
    expect(when([created], { type: 'requestAccess', newsroomId: 7, by: jo, requestId: 9, expiresAt: '2030-01-01T00:00:00.000Z' })).toBe(NO_MODULE);
    const confirmed: NewsroomEvent = { type: 'NewsroomAccessConfirmed', data: { newsroomId: 7, requestId: 9, userId: 3, confirmedBy: null } };
    expect(when([created, asked], { type: 'confirmAccess', newsroomId: 7, by: null, requestId: 9 })).toEqual([confirmed]);
    expect(when([created, asked, confirmed], { type: 'confirmAccess', newsroomId: 7, by: null, requestId: 9 })).toEqual([]);
    expect(when([created, asked, confirmed], { type: 'edit', newsroomId: 7, by: bea, changes: { about: 'By the agency' } })).toHaveLength(1);
  });
});
