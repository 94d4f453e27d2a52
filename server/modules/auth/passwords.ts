import { hash, verify } from '@node-rs/argon2';

export const MIN_PASSWORD_LENGTH = 8;

/** argon2id with the library's defaults (OWASP's 19 MiB, 2 passes). */
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the time of a real check when the email is unknown, so that the answer's timing
 * does not tell whether an account exists.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('no account has this password');
  await verifyPassword(await dummyHash, password);
  return false;
}

/** The problems with a new password, in words a person can act on. */
export function passwordProblems(password: string, person: { email: string; firstname: string; lastname: string }): string[] {
  const problems: string[] = [];
  if (password.length < MIN_PASSWORD_LENGTH) problems.push(`Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  const lowered = password.toLowerCase();
  const personal = [person.email, person.email.split('@')[0] ?? '', person.firstname, person.lastname]
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part.length >= 3);
  if (personal.some((part) => lowered.includes(part))) problems.push('Password must not contain your name or email');
  return problems;
}
