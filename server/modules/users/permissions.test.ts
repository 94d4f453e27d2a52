import { describe, expect, it } from 'vitest';
import type { AccountRole } from '../../../contracts/users/enums.ts';
import { mayChangeReadOnly, mayChangeRole, mayListPeople, mayManageAccounts, type Manager } from './permissions.ts';

const person = (id: number, roles: AccountRole[], accountId: number | null): Manager => ({ kind: 'person', id, roles, accountId });
const system: Manager = { kind: 'system' };
const admin = person(1, ['admin'], null);
const agencyAdmin = person(2, ['pr', 'accountAdmin'], 10);
const agencyMember = person(3, ['pr'], 10);
const journalist = person(4, ['journo'], null);

const colleague = { id: 5, accountId: 10 };
const outsider = { id: 6, accountId: 20 };
const self = { id: 2, accountId: 10 };

describe('who may manage people and accounts', () => {
  it.each([
    // manager, target, role, allowed
    ['system', system, outsider, 'admin', true],
    ['a platform admin', admin, outsider, 'admin', true],
    ['a platform admin', admin, colleague, 'pr', true],
    ['an account admin, in their account', agencyAdmin, colleague, 'accountAdmin', true],
    ['an account admin, another role', agencyAdmin, colleague, 'admin', false],
    ['an account admin, a base role', agencyAdmin, colleague, 'journo', false],
    ['an account admin, another account', agencyAdmin, outsider, 'accountAdmin', false],
    ['a member', agencyMember, colleague, 'accountAdmin', false],
    ['a journalist', journalist, outsider, 'journo', false],
  ] as const)('roles: %s granting %s -> %s', (_label, manager, target, role, allowed) => {
    expect(mayChangeRole(manager, target, role)).toBe(allowed);
  });

  it.each([
    ['a platform admin', admin, outsider, true],
    ['an account admin, a colleague', agencyAdmin, colleague, true],
    ['an account admin, themselves', agencyAdmin, self, false],
    ['an account admin, an outsider', agencyAdmin, outsider, false],
    ['a member, a colleague', agencyMember, colleague, false],
  ] as const)('read-only: %s', (_label, manager, target, allowed) => {
    expect(mayChangeReadOnly(manager, target)).toBe(allowed);
  });

  it('leaves accounts and modules to the platform', () => {
    expect([system, admin, agencyAdmin, agencyMember, journalist].map(mayManageAccounts)).toEqual([true, true, false, false, false]);
  });

  it('shows an account admin the people of their own account only', () => {
    expect(mayListPeople(admin, null)).toBe(true);
    expect(mayListPeople(agencyAdmin, 10)).toBe(true);
    expect(mayListPeople(agencyAdmin, 20)).toBe(false);
    expect(mayListPeople(agencyAdmin, null)).toBe(false);
    expect(mayListPeople(journalist, null)).toBe(false);
  });
});
