import { z } from 'zod';
import { defineEvent } from '../events/define.ts';
import { accountRole, moduleName } from './enums.ts';

const userId = z.number().int().positive();
const accountId = z.number().int().positive();

// Facts about people and accounts. Secrets (password hashes, TOTP secrets, session tokens)
// never enter the log: it records that they changed, nothing more.
export const UserRegistered = defineEvent(
  'UserRegistered',
  z.object({
    userId,
    email: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    slug: z.string(),
    role: accountRole,
    accountId: accountId.nullable(),
    timezone: z.string(),
  }),
);
export const PasswordChanged = defineEvent('PasswordChanged', z.object({ userId, via: z.enum(['recovery', 'settings', 'admin']) }));
export const TwoFactorEnabled = defineEvent('TwoFactorEnabled', z.object({ userId }));
export const TwoFactorDisabled = defineEvent('TwoFactorDisabled', z.object({ userId }));
export const RoleGranted = defineEvent('RoleGranted', z.object({ userId, role: accountRole }));
export const RoleRevoked = defineEvent('RoleRevoked', z.object({ userId, role: accountRole }));
export const ReadOnlyChanged = defineEvent('ReadOnlyChanged', z.object({ userId, readOnly: z.boolean() }));
export const BeatsChosen = defineEvent('BeatsChosen', z.object({ userId, beatIds: z.array(z.number().int()) }));
/** `false` when onboarding is done; otherwise the stage the person is at. */
export const OnboardingStageSet = defineEvent('OnboardingStageSet', z.object({ userId, stage: z.union([z.string().min(1), z.literal(false)]) }));
export const UserJoinedAccount = defineEvent('UserJoinedAccount', z.object({ userId, accountId, managed: z.boolean() }));

export const AccountCreated = defineEvent(
  'AccountCreated',
  z.object({ accountId, name: z.string(), company: z.string(), modules: z.array(moduleName), system: z.boolean() }),
);
export const ModulesChanged = defineEvent('ModulesChanged', z.object({ accountId, modules: z.array(moduleName) }));

export const userEvents = [
  UserRegistered,
  PasswordChanged,
  TwoFactorEnabled,
  TwoFactorDisabled,
  RoleGranted,
  RoleRevoked,
  ReadOnlyChanged,
  BeatsChosen,
  OnboardingStageSet,
  UserJoinedAccount,
  AccountCreated,
  ModulesChanged,
] as const;
