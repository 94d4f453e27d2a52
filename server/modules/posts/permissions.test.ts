import { describe, expect, it } from 'vitest';
import { OFFICIAL_AUTHOR_ID, POST_KINDS, type PostKind } from '../../../contracts/posts/kinds.ts';
import { isSystemPost, mayCreate, mayDelete, mayDeleteComment, mayEdit, mayEditComment, mayRead, mayRestore, viewerOf, type PostRef, type Viewer } from './permissions.ts';

const ME = 7;
const OTHER = 8;
const COMPANY = 900;
const me: Viewer = { contactId: ME, isAdmin: false, userType: 'journo' };
const admin: Viewer = { contactId: 1, isAdmin: true, userType: null };
const stranger: Viewer = { contactId: 99, isAdmin: false, userType: 'marketing' };

/** The authorships of spec section 6, from the main author's side. */
const AUTHORSHIPS = {
  'mine, as myself': { authorId: ME, authorType: 'person', creatorId: ME },
  'mine as a company': { authorId: COMPANY, authorType: 'company', creatorId: ME },
  "someone else's": { authorId: OTHER, authorType: 'person', creatorId: OTHER },
  "a company's": { authorId: COMPANY, authorType: 'company', creatorId: OTHER },
  'by me, created by someone else': { authorId: ME, authorType: 'person', creatorId: OTHER },
  "the official account's": { authorId: OFFICIAL_AUTHOR_ID, authorType: 'person', creatorId: OTHER },
} as const satisfies Record<string, Omit<PostRef, 'kind'>>;
type Authorship = keyof typeof AUTHORSHIPS;

// Expected answers, kind by kind, for [me, admin, stranger]: E edit, D delete (restore follows delete).
const EDIT: Record<PostKind, Partial<Record<Authorship, [boolean, boolean, boolean]>>> = {
  callout: { 'mine, as myself': [true, false, false], 'mine as a company': [false, true, false], "someone else's": [false, false, false], "a company's": [false, true, false], 'by me, created by someone else': [true, false, false], "the official account's": [false, true, false] },
  event: { 'mine, as myself': [true, false, false], 'mine as a company': [false, true, false], "someone else's": [false, false, false], "a company's": [false, true, false], 'by me, created by someone else': [true, false, false], "the official account's": [false, true, false] },
  job: { 'mine, as myself': [true, false, false], 'mine as a company': [false, false, false], "someone else's": [false, false, false], "a company's": [false, false, false], 'by me, created by someone else': [true, false, false], "the official account's": [false, false, false] },
  communityPost: allSame([false, false, false]),
  record: allSame([false, false, false]),
  reaction: allSame([false, false, false]),
  statement: allSame([false, false, false]),
  story: allSame([false, true, false]),
};
const DELETE: Record<PostKind, Partial<Record<Authorship, [boolean, boolean, boolean]>>> = {
  callout: mainAuthorOrAdmin(),
  event: mainAuthorOrAdmin(),
  job: mainAuthorOrAdmin(),
  communityPost: systemRules(),
  record: systemRules(),
  reaction: systemRules(),
  statement: systemRules(),
  story: allSame([false, true, false]),
};

function allSame(answer: [boolean, boolean, boolean]) {
  return Object.fromEntries(Object.keys(AUTHORSHIPS).map((a) => [a, answer])) as Record<Authorship, [boolean, boolean, boolean]>;
}
function mainAuthorOrAdmin(): Record<Authorship, [boolean, boolean, boolean]> {
  return { 'mine, as myself': [true, true, false], 'mine as a company': [false, true, false], "someone else's": [false, true, false], "a company's": [false, true, false], 'by me, created by someone else': [true, true, false], "the official account's": [false, true, false] };
}
/** Community posts, records, reactions, statements: system posts (company author, or author not the creator) are the admins' alone. */
function systemRules(): Record<Authorship, [boolean, boolean, boolean]> {
  return { 'mine, as myself': [true, true, false], 'mine as a company': [false, true, false], "someone else's": [false, true, false], "a company's": [false, true, false], 'by me, created by someone else': [false, true, false], "the official account's": [false, true, false] };
}

const cases = POST_KINDS.flatMap((kind) => (Object.keys(AUTHORSHIPS) as Authorship[]).map((authorship) => [kind, authorship] as const));

describe('spec section 6: who may edit and delete which post', () => {
  it.each(cases)('%s, %s', (kind, authorship) => {
    const post: PostRef = { kind, ...AUTHORSHIPS[authorship] };
    const viewers = [me, admin, stranger];
    expect(viewers.map((viewer) => mayEdit(viewer, post)), 'edit').toEqual(EDIT[kind][authorship]);
    expect(viewers.map((viewer) => mayDelete(viewer, post)), 'delete').toEqual(DELETE[kind][authorship]);
    expect(viewers.map((viewer) => mayRestore(viewer, post)), 'restore').toEqual(DELETE[kind][authorship]);
  });

  it('calls a community post, record, reaction or statement by a company or not by its creator a system post, and nothing else', () => {
    for (const kind of POST_KINDS) {
      const systemKind = ['communityPost', 'record', 'reaction', 'statement'].includes(kind);
      expect(isSystemPost({ kind, ...AUTHORSHIPS["a company's"] })).toBe(systemKind);
      expect(isSystemPost({ kind, ...AUTHORSHIPS['by me, created by someone else'] })).toBe(systemKind);
      expect(isSystemPost({ kind, ...AUTHORSHIPS['mine, as myself'] })).toBe(false);
    }
  });

  it('leaves stories to admins and every other kind to anyone', () => {
    expect(POST_KINDS.filter((kind) => mayCreate(me, kind))).toEqual(POST_KINDS.filter((kind) => kind !== 'story'));
    expect(POST_KINDS.every((kind) => mayCreate(admin, kind))).toBe(true);
  });
});

describe('who may read a post', () => {
  const post = { kind: 'callout' as const, authorId: OTHER, authorType: 'person' as const, creatorId: OTHER, userTypes: [] as const, communityIds: [] as number[], isDeleted: false };
  it('shows a post meant for everyone to everyone, and a targeted one to its user types only', () => {
    expect(mayRead(me, post, new Set())).toBe(true);
    expect(mayRead(me, { ...post, userTypes: ['journo'] }, new Set())).toBe(true);
    expect(mayRead(stranger, { ...post, userTypes: ['journo'] }, new Set())).toBe(false);
    expect(mayRead(admin, { ...post, userTypes: ['experts'] }, new Set())).toBe(true);
  });
  it('needs one readable community when the post is in communities', () => {
    expect(mayRead(me, { ...post, communityIds: [3, 4] }, new Set([4]))).toBe(true);
    expect(mayRead(me, { ...post, communityIds: [3, 4] }, new Set([5]))).toBe(false);
  });
  it('hides a deleted post from everyone but its author, creator and admins', () => {
    const deleted = { ...post, isDeleted: true };
    expect(mayRead(me, deleted, new Set())).toBe(false);
    expect(mayRead({ ...me, contactId: OTHER }, deleted, new Set())).toBe(true);
    expect(mayRead(admin, deleted, new Set())).toBe(true);
  });
});

describe('comments', () => {
  it('are edited by their author only and deleted by their author or an admin', () => {
    const comment = { authorId: ME };
    expect([me, admin, stranger].map((viewer) => mayEditComment(viewer, comment))).toEqual([true, false, false]);
    expect([me, admin, stranger].map((viewer) => mayDeleteComment(viewer, comment))).toEqual([true, true, false]);
  });
});

describe('user types of roles', () => {
  it('maps journo, pr and expert to the spec’s journo, marketing and experts', () => {
    expect(viewerOf({ id: 1, roles: ['journo'] }).userType).toBe('journo');
    expect(viewerOf({ id: 1, roles: ['pr', 'accountAdmin'] }).userType).toBe('marketing');
    expect(viewerOf({ id: 1, roles: ['expert'] }).userType).toBe('experts');
    expect(viewerOf({ id: 1, roles: ['admin'] })).toEqual({ contactId: 1, isAdmin: true, userType: null });
  });
});
