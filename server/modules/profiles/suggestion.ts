import type { SettingsView } from '../../../contracts/users/settings.ts';
import type { CompanyResponsibility, OutletResponsibility, Spokesperson } from '../../../contracts/users/settings.ts';

export type ProfileFacts = { settings: SettingsView; outlets: OutletResponsibility[]; companies: CompanyResponsibility[]; spokesperson: Spokesperson };

const list = (items: readonly string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/**
 * A first draft of the "about" text, written from what the person already told us: who
 * they are, where they work, what they cover. Sentences are left out when their facts are
 * missing, so nothing is invented.
 */
export function suggestProfileText({ settings, outlets, companies, spokesperson }: ProfileFacts): string {
  const name = `${settings.firstname} ${settings.lastname}`.trim();
  const workplace = settings.organization ?? companies[0]?.company.name ?? outlets[0]?.outlet.name ?? null;
  const role = settings.job ? `${/^[aeiou]/i.test(settings.job) ? 'an' : 'a'} ${settings.job}` : null;
  const sentences: string[] = [];
  let opening = name;
  if (role && workplace) opening += ` is ${role} at ${workplace}`;
  else if (role) opening += ` is ${role}`;
  else if (workplace) opening += ` works at ${workplace}`;
  if (settings.country) opening += `${opening === name ? ' is' : ','} based in ${settings.country.name}`;
  if (opening !== name) sentences.push(`${opening}.`);
  if (settings.beats.length > 0) sentences.push(`${settings.firstname} covers ${list(settings.beats.map((beat) => beat.name))}.`);
  const others = outlets.map((item) => item.outlet.name).filter((outlet) => outlet !== workplace);
  if (others.length > 0) sentences.push(`${settings.firstname} writes for ${list(others)}.`);
  if (spokesperson.company) {
    const topics = spokesperson.beats.map((beat) => beat.name);
    sentences.push(`${settings.firstname} speaks for ${spokesperson.company.name}${topics.length > 0 ? ` on ${list(topics)}` : ''}.`);
  }
  const contacts = companies.filter((item) => item.isMediaContact).map((item) => item.company.name);
  if (contacts.length > 0) sentences.push(`Media contact for ${list(contacts)}.`);
  return sentences.length > 0 ? sentences.join(' ') : `${name} is a member of Pressroom.`;
}
