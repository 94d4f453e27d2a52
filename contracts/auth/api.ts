import { z } from 'zod';
import { signUpRole } from '../users/enums.ts';
import { idParam } from '../validation.ts';
import { passwordProblems } from './password-policy.ts';

const email = z.string().trim().toLowerCase().email({ message: 'Email is not valid' }).max(254);
const password = z.string().max(256, { message: 'Password must be at most 256 characters' });
const name = (label: string) => z.string().trim().min(1, { message: `${label} is required` }).max(100, { message: `${label} must be at most 100 characters` });
const code = z.string().trim().regex(/^\d{6}$/, { message: 'Code must be 6 digits' });

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export const signUpBody = z
  .object({
    email,
    password,
    firstname: name('First name'),
    lastname: name('Last name'),
    role: signUpRole.optional(),
  })
  // The password policy speaks beside the other fields' lines, so one answer names every problem.
  .superRefine(
    (person, ctx) => {
      const names = { email: text(person.email), firstname: text(person.firstname), lastname: text(person.lastname) };
      for (const message of passwordProblems(person.password, names)) ctx.addIssue({ code: 'custom', path: ['password'], message });
    },
    { when: ({ value }) => typeof (value as { password?: unknown } | null)?.password === 'string' },
  );

export const signInBody = z.object({ email, password: z.string().max(256), code: code.optional() });

export const passwordNewBody = z.object({ email });
export const passwordRecoveryParams = z.object({ id: idParam, code: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/) });
export const passwordRecoveryBody = z.object({ password });
/** PATCH /api/v1/auth/password: a signed-in person's new password, proven by the current one. */
export const passwordChangeBody = z.object({ currentPassword: z.string().max(256), password });

export const twoFactorCodeBody = z.object({ code });
export const twoFactorSetup = z.object({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() });

/** The answer to a refused sign-in; twoFactorRequired tells the client to ask for a code. */
export const signInRefused = z.object({ detail: z.string(), twoFactorRequired: z.literal(true).optional() });

export const outboxMail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
