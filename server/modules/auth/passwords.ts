import { hash, verify } from '@node-rs/argon2';

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
