import type { ContactInput, ContactView } from '../../../../contracts/contacts/api.ts';
import { countryName } from '../../../../contracts/users/settings.ts';
import { ADDRESS_LABELS, ADDRESS_TYPES, LINK_LABELS, LINK_TYPES, PHONE_LABELS, PHONE_TYPES } from './contactForm.ts';

export type Side = 'kept' | 'other';

/** A field both contacts fill differently: the person picks which value the merged contact keeps. */
export type Conflict = { key: string; label: string; kept: string; other: string };

type Address = NonNullable<ContactView['addresses']['home']>;
const addressLine = (address: Address | undefined) =>
  address ? [address.street, address.city, address.state, address.postcode, address.country ? countryName(address.country) : ''].filter(Boolean).join(', ') : '';

/** Each single-valued field, read as text for comparing and showing. */
function singles(contact: ContactView): { key: string; label: string; value: string }[] {
  return [
    { key: 'name', label: 'Name', value: contact.name },
    { key: 'jobTitle', label: 'Job title', value: contact.jobTitle ?? '' },
    { key: 'timezone', label: 'Timezone', value: contact.timezone ?? '' },
    { key: 'country', label: 'Country', value: contact.country?.name ?? '' },
    ...PHONE_TYPES.map((type) => ({ key: `phones.${type}`, label: `${PHONE_LABELS[type]} phone`, value: contact.phones[type] ?? '' })),
    ...LINK_TYPES.map((type) => ({ key: `links.${type}`, label: LINK_LABELS[type], value: contact.links[type] ?? '' })),
    ...ADDRESS_TYPES.map((type) => ({ key: `addresses.${type}`, label: ADDRESS_LABELS[type], value: addressLine(contact.addresses[type]) })),
  ];
}

/**
 * The fields where the two disagree. Where only one has a value there is nothing to choose: the
 * merge keeps it. Lists (outlets, beats, emails, tags...) are never in conflict: both are kept.
 */
export function conflictsOf(kept: ContactView, other: ContactView): Conflict[] {
  const theirs = new Map(singles(other).map((field) => [field.key, field.value]));
  return singles(kept).flatMap((field) => {
    const value = theirs.get(field.key) ?? '';
    return field.value && value && field.value !== value ? [{ key: field.key, label: field.label, kept: field.value, other: value }] : [];
  });
}

/**
 * The merge's `fields`: for each conflict the chosen side's value. The API takes a channel, link
 * or address record whole, so those go as the whole merged record (the kept one's values over
 * the other's, then the choices).
 */
export function mergeChoices(kept: ContactView, other: ContactView, choices: Readonly<Record<string, Side>>): ContactInput {
  const pick = (key: string) => choices[key] === 'other';
  const fields: ContactInput = {};
  if (pick('name')) fields.name = other.name;
  if (pick('jobTitle')) fields.jobTitle = other.jobTitle;
  if (pick('timezone')) fields.timezone = other.timezone;
  if (pick('country')) fields.country = other.country?.id ?? null;
  if (PHONE_TYPES.some((type) => pick(`phones.${type}`))) {
    const phones = { ...other.phones, ...kept.phones };
    for (const type of PHONE_TYPES) if (pick(`phones.${type}`)) phones[type] = other.phones[type];
    fields.phones = phones;
  }
  if (LINK_TYPES.some((type) => pick(`links.${type}`))) {
    const links = { ...other.links, ...kept.links };
    for (const type of LINK_TYPES) if (pick(`links.${type}`)) links[type] = other.links[type];
    fields.links = links;
  }
  if (ADDRESS_TYPES.some((type) => pick(`addresses.${type}`))) {
    const addresses = { ...other.addresses, ...kept.addresses };
    for (const type of ADDRESS_TYPES) if (pick(`addresses.${type}`)) addresses[type] = other.addresses[type];
    fields.addresses = addresses;
  }
  return fields;
}

export const REASONS = { email: 'Same email address', name: 'Same name, no email address to tell them apart', handle: 'Same social profile' } as const;
