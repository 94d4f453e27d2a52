export const MIN_PASSWORD_LENGTH = 8;

type Person = { email: string; firstname: string; lastname: string };

/** The problems with a new password, in words a person can act on. */
export function passwordProblems(password: string, person: Person): string[] {
  const problems: string[] = [];
  if (password.length < MIN_PASSWORD_LENGTH) problems.push(`Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  const lowered = password.toLowerCase();
  const personal = [person.email, person.email.split('@')[0] ?? '', person.firstname, person.lastname]
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part.length >= 3);
  if (personal.some((part) => lowered.includes(part))) problems.push('Password must not contain your name or email');
  return problems;
}
