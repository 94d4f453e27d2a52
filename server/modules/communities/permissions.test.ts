import { describe, expect, it } from 'vitest';
import { joinToggle, mayCreateCommunity, mayManageCommunity, mayPostIn, mayReadCommunity, type Actor, type Standing } from './permissions.ts';

const person: Actor = { id: 7, isAdmin: false };
const platformAdmin: Actor = { id: 1, isAdmin: true };
const STANDINGS: Standing[] = ['none', 'requested', 'member', 'admin'];

describe('who may do what with a community', () => {
  it('leaves founding communities to platform admins', () => {
    expect([person, platformAdmin].map(mayCreateCommunity)).toEqual([false, true]);
  });

  it.each([
    // actor, standing, manage, read public, read private, post
    ['a person', person, 'none', false, true, false, false],
    ['a person', person, 'requested', false, true, false, false],
    ['a person', person, 'member', false, true, true, true],
    ['a person', person, 'admin', true, true, true, true],
    ['a platform admin', platformAdmin, 'none', true, true, true, true],
    ['a platform admin', platformAdmin, 'member', true, true, true, true],
  ] as const)('%s, standing %s: manage %s, read public %s, read private %s, post %s', (_label, actor, standing, manage, readPublic, readPrivate, post) => {
    expect(mayManageCommunity(actor, standing)).toBe(manage);
    expect(mayReadCommunity(actor, 'public', standing)).toBe(readPublic);
    expect(mayReadCommunity(actor, 'private', standing)).toBe(readPrivate);
    expect(mayPostIn(actor, standing)).toBe(post);
  });
});

describe('joining toggles', () => {
  it.each([
    // actor, type, standing -> outcome
    ['a person', person, 'public', 'none', 'join'],
    ['a person', person, 'private', 'none', 'request'],
    ['a person', person, 'private', 'requested', 'withdraw'],
    ['a person', person, 'public', 'requested', 'withdraw'],
    ['a person', person, 'public', 'member', 'leave'],
    ['a person', person, 'private', 'member', 'leave'],
    ['a person', person, 'private', 'admin', 'leave'],
    ['a platform admin', platformAdmin, 'private', 'none', 'join'],
    ['a platform admin', platformAdmin, 'private', 'admin', 'leave'],
  ] as const)('%s, %s community, standing %s: %s', (_label, actor, type, standing, outcome) => {
    expect(joinToggle(actor, type, standing)).toBe(outcome);
  });

  it('always lets a member go', () => {
    for (const actor of [person, platformAdmin]) {
      for (const type of ['public', 'private'] as const) {
        expect(STANDINGS.filter((standing) => joinToggle(actor, type, standing) === 'leave')).toEqual(['member', 'admin']);
      }
    }
  });
});
