import { z } from 'zod';
import { accountRole, moduleName } from './enums.ts';

export const accountView = z.object({
  id: z.number().int(),
  name: z.string(),
  company: z.string(),
  modules: z.array(moduleName),
  system: z.boolean(),
});

export const createAccountBody = z.object({
  name: z.string().trim().min(1, { message: 'Name is required' }).max(200),
  company: z.string().trim().max(200).default(''),
  modules: z.array(moduleName).default([]),
});

export const changeModulesBody = z.object({ modules: z.array(moduleName) });

export const managedUserView = z.object({
  id: z.number().int(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  slug: z.string(),
  roles: z.array(accountRole),
  isReadOnly: z.boolean(),
  twoFactor: z.boolean(),
  accountId: z.number().int().nullable(),
});

/** Each field is optional: `roles` is the whole new set, applied as grants and revocations. */
export const changeUserBody = z
  .object({
    roles: z.array(accountRole).min(1, { message: 'A user keeps at least one role' }).optional(),
    readOnly: z.boolean().optional(),
    accountId: z.number().int().positive().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to change' });

export const listUsersQuery = z.object({
  accountId: z.coerce.number().int().positive().optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export type ManagedUser = z.infer<typeof managedUserView>;
