import type { ContactInput, ContactView } from '../../../../contracts/contacts/api.ts';
import type { ContactFields } from '../../../../contracts/contacts/fields.ts';
import { placeLines, type FieldLines } from '../../lib/api/index.ts';

export const PHONE_TYPES = ['mobile', 'workDirect', 'workReception', 'home'] as const;
export const LINK_TYPES = ['authorUrl', 'website', 'twitter', 'linkedIn', 'instagram', 'facebook', 'youtube', 'other'] as const;
export const ADDRESS_TYPES = ['home', 'office', 'postal'] as const;
export const ADDRESS_PARTS = ['street', 'city', 'state', 'postcode'] as const;

export type PhoneType = (typeof PHONE_TYPES)[number];
export type LinkType = (typeof LINK_TYPES)[number];
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** The spec's channel, link and address types (section 3) as people read them. */
export const PHONE_LABELS: Record<PhoneType, string> = { mobile: 'Mobile', workDirect: 'Work (direct)', workReception: 'Work (reception)', home: 'Home' };
export const LINK_LABELS: Record<LinkType, string> = {
  authorUrl: 'Author page',
  website: 'Website',
  twitter: 'Twitter / X',
  linkedIn: 'LinkedIn',
  instagram: 'Instagram',
  facebook: 'Facebook',
  youtube: 'YouTube',
  other: 'Other link',
};
export const ADDRESS_LABELS: Record<AddressType, string> = { home: 'Home address', office: 'Office address', postal: 'Postal address' };

type AddressDraft = { street: string; city: string; state: string; postcode: string; country: string };

/** What the form edits: every field as text the inputs hold. */
export type ContactDraft = {
  name: string;
  jobTitle: string;
  outlets: string;
  companies: string;
  beats: number[];
  emails: string[];
  phones: Record<PhoneType, string>;
  links: Record<LinkType, string>;
  addresses: Record<AddressType, AddressDraft>;
  timezone: string;
  country: string;
  tags: string;
};

const emptyAddress = (): AddressDraft => ({ street: '', city: '', state: '', postcode: '', country: '' });
const byType = <K extends string, V>(keys: readonly K[], value: (key: K) => V) => Object.fromEntries(keys.map((key) => [key, value(key)])) as Record<K, V>;

/** Lists typed into one box: "Herald, Metro Daily" is two outlets. */
export const splitList = (text: string) => [...new Set(text.split(/[,;\n]/).map((part) => part.trim()).filter(Boolean))];
const joinList = (items: readonly string[]) => items.join(', ');

export function draftOf(fields: ContactFields | ContactView | null): ContactDraft {
  const beats = fields ? fields.beats.map((beat) => (typeof beat === 'number' ? beat : beat.id)) : [];
  const country = fields?.country ?? null;
  return {
    name: fields?.name ?? '',
    jobTitle: fields?.jobTitle ?? '',
    outlets: joinList(fields?.outlets ?? []),
    companies: joinList(fields?.companies ?? []),
    beats,
    emails: fields?.emails.length ? [...fields.emails] : [''],
    phones: byType(PHONE_TYPES, (type) => fields?.phones[type] ?? ''),
    links: byType(LINK_TYPES, (type) => fields?.links[type] ?? ''),
    addresses: byType(ADDRESS_TYPES, (type) => {
      const address = fields?.addresses[type];
      return address ? { ...address, country: address.country ?? '' } : emptyAddress();
    }),
    timezone: fields?.timezone ?? '',
    country: typeof country === 'string' ? country : (country?.id ?? ''),
    tags: joinList(fields?.tags ?? []),
  };
}

/**
 * The body of a save. A blank channel, link or address is left out (the API takes the record
 * whole, so leaving one out removes it); a person on the platform keeps their own profile and
 * the account sends only what it keeps about them: tags and email addresses.
 */
export function inputOf(draft: ContactDraft, isPerson: boolean): ContactInput {
  const emails = draft.emails.map((email) => email.trim()).filter(Boolean);
  const tags = splitList(draft.tags);
  if (isPerson) return { emails, tags };
  const filled = <K extends string>(record: Record<K, string>) => Object.fromEntries(Object.entries<string>(record).filter(([, value]) => value.trim() !== '')) as Partial<Record<K, string>>;
  const addresses: ContactInput['addresses'] = {};
  for (const type of ADDRESS_TYPES) {
    const address = draft.addresses[type];
    if (Object.values(address).every((part) => part.trim() === '')) continue;
    addresses[type] = { ...address, country: address.country || null };
  }
  return {
    name: draft.name,
    jobTitle: draft.jobTitle.trim() || null,
    outlets: splitList(draft.outlets),
    companies: splitList(draft.companies),
    beats: draft.beats,
    emails,
    phones: filled(draft.phones),
    links: filled(draft.links),
    addresses,
    timezone: draft.timezone || null,
    country: draft.country || null,
    tags,
  };
}

export type FieldErrors = { byField: Record<string, string[]>; general: string[] };

/** Lines the decider says without a field's path, placed where the person will look for them. */
const UNPATHED: Record<string, string> = { 'Name is required': 'name' };

/**
 * The server's 422/400 lines by the field they are about (`fields` of the answer, or a rule's
 * line the form knows), so each shows beside its input; any other line is shown above the form.
 */
export function fieldErrors(lines: readonly string[], fields: FieldLines = {}): FieldErrors {
  const { byPath, rest } = placeLines(lines, fields);
  const result: FieldErrors = { byField: byPath, general: [] };
  for (const line of rest) {
    const field = UNPATHED[line];
    if (field) (result.byField[field] ??= []).push(line);
    else result.general.push(line);
  }
  return result;
}

/** The message for one input: its exact path, or any path below it (the outlets box hears `outlets.3`). */
export function errorOf(errors: FieldErrors, path: string): string | undefined {
  const lines = Object.entries(errors.byField).filter(([field]) => field === path || field.startsWith(`${path}.`));
  return lines.length ? [...new Set(lines.flatMap(([, messages]) => messages))].join(' ') : undefined;
}
