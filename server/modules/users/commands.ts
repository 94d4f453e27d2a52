import type { AccountRole, ModuleName } from '../../../contracts/users/enums.ts';
import type { UserEvent } from '../../../contracts/users/index.ts';
import type { Decider } from '../../events/decider.ts';
import { Conflict, Forbidden, NotFound, ValidationFailed } from '../../errors.ts';
import { mayChangeReadOnly, mayChangeRole, mayManageAccounts, type Manager } from './permissions.ts';

export const userStream = (userId: number) => `user-${userId}`;
export const accountStream = (accountId: number) => `account-${accountId}`;

export type UserState = { exists: boolean; roles: AccountRole[]; readOnly: boolean; twoFactor: boolean; accountId: number | null };

const NOT_PERMITTED = 'Sorry, you are not permitted to do this.';

export type UserCommand =
  | { type: 'register'; userId: number; email: string; firstname: string; lastname: string; slug: string; role: AccountRole; accountId: number | null; timezone: string; onboarding: string | false }
  | { type: 'recordPasswordChange'; userId: number; via: 'recovery' | 'settings' | 'admin' }
  | { type: 'enableTwoFactor'; userId: number }
  | { type: 'disableTwoFactor'; userId: number }
  | { type: 'grantRole'; userId: number; role: AccountRole; by: Manager }
  | { type: 'revokeRole'; userId: number; role: AccountRole; by: Manager }
  | { type: 'setReadOnly'; userId: number; readOnly: boolean; by: Manager }
  | { type: 'chooseBeats'; userId: number; beatIds: number[] }
  | { type: 'setOnboardingStage'; userId: number; stage: string | false }
  | { type: 'joinAccount'; userId: number; accountId: number; managed: boolean; by: Manager };

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: { exists: false, roles: [], readOnly: false, twoFactor: false, accountId: null },
  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered':
        return { ...state, exists: true, roles: [event.data.role], accountId: event.data.accountId };
      case 'RoleGranted':
        return { ...state, roles: [...state.roles, event.data.role] };
      case 'RoleRevoked':
        return { ...state, roles: state.roles.filter((role) => role !== event.data.role) };
      case 'ReadOnlyChanged':
        return { ...state, readOnly: event.data.readOnly };
      case 'TwoFactorEnabled':
        return { ...state, twoFactor: true };
      case 'TwoFactorDisabled':
        return { ...state, twoFactor: false };
      case 'UserJoinedAccount':
        return { ...state, accountId: event.data.accountId };
      default:
        return state;
    }
  },
  decide(command, state) {
    const { userId } = command;
    if (command.type === 'register') {
      if (state.exists) throw new Conflict('This user already exists.');
      const { email, firstname, lastname, slug, role, accountId, timezone, onboarding } = command;
      const events: UserEvent[] = [{ type: 'UserRegistered', data: { userId, email, firstname, lastname, slug, role, accountId, timezone } }];
      if (onboarding !== false) events.push({ type: 'OnboardingStageSet', data: { userId, stage: onboarding } });
      return events;
    }
    if (!state.exists) throw new NotFound('No such user.');
    const target = { id: userId, accountId: state.accountId };
    switch (command.type) {
      case 'recordPasswordChange':
        return [{ type: 'PasswordChanged', data: { userId, via: command.via } }];
      case 'enableTwoFactor':
        if (state.twoFactor) throw new ValidationFailed(['Two-factor authentication is already on.']);
        return [{ type: 'TwoFactorEnabled', data: { userId } }];
      case 'disableTwoFactor':
        if (!state.twoFactor) throw new ValidationFailed(['Two-factor authentication is not on.']);
        return [{ type: 'TwoFactorDisabled', data: { userId } }];
      case 'grantRole':
        if (!mayChangeRole(command.by, target, command.role)) throw new Forbidden(NOT_PERMITTED);
        return state.roles.includes(command.role) ? [] : [{ type: 'RoleGranted', data: { userId, role: command.role } }];
      case 'revokeRole':
        if (!mayChangeRole(command.by, target, command.role)) throw new Forbidden(NOT_PERMITTED);
        if (!state.roles.includes(command.role)) return [];
        if (state.roles.length === 1) throw new ValidationFailed(['A user keeps at least one role.']);
        return [{ type: 'RoleRevoked', data: { userId, role: command.role } }];
      case 'setReadOnly':
        if (!mayChangeReadOnly(command.by, target)) throw new Forbidden(NOT_PERMITTED);
        return state.readOnly === command.readOnly ? [] : [{ type: 'ReadOnlyChanged', data: { userId, readOnly: command.readOnly } }];
      case 'chooseBeats':
        return [{ type: 'BeatsChosen', data: { userId, beatIds: [...new Set(command.beatIds)] } }];
      case 'setOnboardingStage':
        return [{ type: 'OnboardingStageSet', data: { userId, stage: command.stage } }];
      case 'joinAccount':
        if (!mayManageAccounts(command.by)) throw new Forbidden(NOT_PERMITTED);
        if (state.accountId === command.accountId) return [];
        return [{ type: 'UserJoinedAccount', data: { userId, accountId: command.accountId, managed: command.managed } }];
    }
  },
};

export type AccountState = { exists: boolean; modules: ModuleName[] };
export type AccountCommand =
  | { type: 'createAccount'; accountId: number; name: string; company: string; modules: ModuleName[]; system: boolean; by: Manager }
  | { type: 'changeModules'; accountId: number; modules: ModuleName[]; by: Manager };

export const accountDecider: Decider<AccountState, AccountCommand, UserEvent> = {
  initialState: { exists: false, modules: [] },
  evolve(state, event) {
    if (event.type === 'AccountCreated') return { exists: true, modules: event.data.modules };
    if (event.type === 'ModulesChanged') return { ...state, modules: event.data.modules };
    return state;
  },
  decide(command, state) {
    if (!mayManageAccounts(command.by)) throw new Forbidden(NOT_PERMITTED);
    if (command.type === 'createAccount') {
      if (state.exists) throw new Conflict('This account already exists.');
      const { accountId, name, company, modules, system } = command;
      if (!name.trim()) throw new ValidationFailed(['Name is required']);
      return [{ type: 'AccountCreated', data: { accountId, name, company, modules: [...new Set(modules)], system } }];
    }
    if (!state.exists) throw new NotFound('No such account.');
    return [{ type: 'ModulesChanged', data: { accountId: command.accountId, modules: [...new Set(command.modules)] } }];
  },
};
