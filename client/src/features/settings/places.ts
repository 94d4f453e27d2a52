import { countryCode, countryName } from '../../../../contracts/users/settings.ts';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

let countries: { id: string; name: string }[] | null = null;

/** Every country the API accepts, by name: the two-letter codes its own schema lets through. */
export function countryOptions(): { id: string; name: string }[] {
  if (!countries) {
    const codes = [...LETTERS].flatMap((first) => [...LETTERS].map((second) => `${first}${second}`));
    countries = codes
      .filter((code) => countryCode.safeParse(code).success)
      .map((id) => ({ id, name: countryName(id) }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  }
  return countries;
}

/** The IANA zones this browser knows, with the saved one kept even when it does not know it. */
export function timezoneOptions(current: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes(current) ? zones : [current, ...zones];
}

/** 'Australia/Sydney' as 'Australia / Sydney (UTC+10:00)': the offset helps people find their zone. */
export function timezoneLabel(zone: string, at = new Date()): string {
  const offset = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;
  const name = zone.replaceAll('_', ' ').replaceAll('/', ' / ');
  // Engines write zero as 'GMT' or 'GMT+00:00'; one form reads better in a long list.
  return offset ? `${name} (${offset === 'GMT' ? 'UTC+00:00' : offset.replace('GMT', 'UTC')})` : name;
}
