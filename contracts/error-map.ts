import { z } from 'zod';

/**
 * How a refused input reads, for every schema in `contracts/`: one line a person understands,
 * starting with the field's label ("Last name is required"), never zod's own wording or a
 * path like `phones.0.number`. A message written in a contract (the spec's words) is the
 * schema's own and outranks this map, which fills in only where a contract says nothing.
 * Forms place a line under its field by the label it starts with.
 */

/** Labels a key's words would not give, by key or, inside a list or group, by `parent.key`. */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  lastname: 'Last name',
  firstname: 'First name',
  fullname: 'Full name',
  saveAs: 'Publish as',
  closeAfterAnswers: 'Number of answers',
  'questions.text': 'Question',
  dueAt: 'Due date',
  publishAt: 'Publication time',
  embargoUntil: 'Embargo',
  img: 'Image',
  url: 'Url',
  totp: 'Code',
  otp: 'Code',
  q: 'Search',
  authorUrl: 'Author page',
  linkedIn: 'LinkedIn',
  youtube: 'YouTube',
};

/** A key's words: `brandColour` → "Brand colour", `assigneeId` → "Assignee", `contactIds` → "Contacts". */
function wordsOf(key: string): string {
  const words = key
    .replace(/Id(s?)$/, '$1')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'This field';
}

/** Lowercase for use inside a sentence, but an acronym such as "URL" stays as written. */
const inSentence = (label: string) => (/^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label);

/**
 * The label of the field at `path`: "Question 2" for `questions.1.text`, "Item 3 of emails" for
 * `emails.2`, "The request body" for the body as a whole.
 */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const keys = path.filter((part): part is string => typeof part === 'string');
  const key = keys.at(-1);
  if (key === undefined) return 'The request body';
  const parent = keys.at(-2);
  const label = (parent !== undefined ? FIELD_LABELS[`${parent}.${key}`] : undefined) ?? FIELD_LABELS[key] ?? wordsOf(key);
  const last = path.at(-1);
  if (typeof last === 'number') return `Item ${last + 1} of ${inSentence(label)}`;
  const index = path.findLast((part): part is number => typeof part === 'number');
  return index === undefined ? label : `${label} ${index + 1}`;
}

const KINDS: Readonly<Record<string, string>> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  tuple: 'a list',
  set: 'a list',
  date: 'a date',
  object: 'a set of fields',
  record: 'a set of fields',
  map: 'a set of fields',
  file: 'a file',
};

const FORMATS: Readonly<Record<string, string>> = {
  email: 'is not a valid email address',
  url: 'is not a valid url',
  datetime: 'must be a date and time',
  date: 'must be a date',
  time: 'must be a time of day',
  duration: 'must be a duration',
};

const LISTS = new Set(['array', 'tuple', 'set']);

// Enumerating more choices than this makes a line nobody reads to its end.
const MOST_CHOICES_LISTED = 6;

type Issue = z.core.$ZodRawIssue;

/** What kinds of value a union accepts, from the branches that failed on the value's type. */
function kindsOfUnion(issue: Extract<Issue, { code: 'invalid_union' }>): string[] {
  const kinds = issue.errors.flatMap((branch) => branch.filter((inner) => inner.code === 'invalid_type' && inner.path.length === 0).map((inner) => (inner as { expected: string }).expected));
  return [...new Set(kinds.filter((kind) => kind !== 'null' && kind !== 'undefined').map((kind) => KINDS[kind] ?? 'valid'))];
}

function sizeLine(label: string, issue: Extract<Issue, { code: 'too_big' | 'too_small' }>): string {
  const big = issue.code === 'too_big';
  const limit = Number(big ? (issue as { maximum: number | bigint }).maximum : (issue as { minimum: number | bigint }).minimum);
  const inclusive = issue.inclusive !== false;
  switch (issue.origin) {
    case 'string':
      if (!big && limit <= 1) return `${label} is required`;
      return `${label} must be ${big ? 'at most' : 'at least'} ${limit} characters`;
    case 'array':
    case 'set':
      if (!big && limit <= 1) return `${label} needs at least one item`;
      return `${label} must have ${big ? 'at most' : 'at least'} ${limit} items`;
    case 'date':
      return `${label} must be ${big ? 'on or before' : 'on or after'} ${new Date(limit).toISOString()}`;
    case 'file':
      return `${label} must be ${big ? 'at most' : 'at least'} ${limit} bytes`;
    default:
      return `${label} must be ${big ? (inclusive ? 'at most' : 'less than') : inclusive ? 'at least' : 'more than'} ${limit}`;
  }
}

/** The line for one issue a contract left without a message of its own. */
export function readableIssue(issue: Issue): string {
  const path = issue.path ?? [];
  const label = fieldLabel(path);
  // A value left out (or sent as null where one is needed) fails as a wrong type, union or choice.
  const missing = issue.input === undefined || issue.input === null;
  if (missing && issue.code === 'invalid_type' && LISTS.has(issue.expected)) return `${label} are required`;
  if (missing && (issue.code === 'invalid_type' || issue.code === 'invalid_union' || issue.code === 'invalid_value')) return `${label} is required`;
  switch (issue.code) {
    case 'invalid_type':
      return `${label} must be ${KINDS[issue.expected] ?? 'something else'}`;
    case 'invalid_union': {
      const kinds = kindsOfUnion(issue);
      return kinds.length > 0 && !kinds.includes('valid') ? `${label} must be ${kinds.join(' or ')}` : `${label} is not valid`;
    }
    case 'too_big':
    case 'too_small':
      return sizeLine(label, issue);
    case 'invalid_format':
      return `${label} ${FORMATS[issue.format] ?? 'is not valid'}`;
    case 'invalid_value': {
      const choices = issue.values.map(String);
      // A query's yes-or-no is the text 'true' or 'false'.
      if (choices.length === 2 && choices.includes('true') && choices.includes('false')) return `${label} must be true or false`;
      if (choices.length === 1) return `${label} must be ${choices[0]}`;
      return choices.length <= MOST_CHOICES_LISTED ? `${label} must be one of ${choices.join(', ')}` : `${label} is not one of the choices`;
    }
    case 'unrecognized_keys': {
      const names = issue.keys.map((key) => fieldLabel([...path, key]));
      return names.length === 1 ? `${names[0]} is not a field here` : `${names.join(', ')} are not fields here`;
    }
    case 'not_multiple_of':
      return `${label} must be a multiple of ${String(issue.divisor)}`;
    default:
      return `${label} is not valid`;
  }
}

/** A refused input as the API answers it: each line once, and the lines of each field by its dotted path. */
export type Refusal = { errors: string[]; fields: Record<string, string[]> };

/** Gathers the lines of a failed parse; an unknown key is no input of the form, so its line belongs to the whole form. */
export function refusalOf(issues: readonly { code: string; path: readonly PropertyKey[]; message: string }[]): Refusal {
  const errors = new Set<string>();
  // A Map, because a path is the sender's text and may well be `__proto__`.
  const fields = new Map<string, Set<string>>();
  for (const { code, path, message } of issues) {
    errors.add(message);
    const field = code === 'unrecognized_keys' ? '' : path.map(String).join('.');
    if (field) fields.set(field, (fields.get(field) ?? new Set()).add(message));
  }
  return { errors: [...errors], fields: Object.fromEntries([...fields].map(([field, lines]) => [field, [...lines]])) };
}

/** Makes every schema of this process answer with `readableIssue`; the server and the client call it once at start. */
export function installReadableErrors(): void {
  z.config({ customError: readableIssue });
}
