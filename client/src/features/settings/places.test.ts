import { describe, expect, it } from 'vitest';
import { countryOptions, timezoneLabel, timezoneOptions } from './places.ts';

describe('places', () => {
  it('offers the countries the API accepts, by name, and none of the user-assigned codes', () => {
    const ids = countryOptions().map((country) => country.id);
    expect(ids).toEqual(expect.arrayContaining(['AU', 'GB', 'NZ', 'US']));
    for (const userAssigned of ['AA', 'QM', 'QZ', 'XA', 'XK', 'ZZ']) expect(ids).not.toContain(userAssigned);
    const names = countryOptions().map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(countryOptions().find((country) => country.id === 'AU')?.name).toBe('Australia');
  });

  it('keeps a saved timezone the browser does not list', () => {
    expect(timezoneOptions('Australia/Sydney')[0]).not.toBe('Australia/Sydney');
    expect(timezoneOptions('Mars/Olympus')[0]).toBe('Mars/Olympus');
  });

  it('names a zone with its offset at that moment', () => {
    expect(timezoneLabel('Australia/Sydney', new Date('2025-01-15T00:00:00Z'))).toBe('Australia / Sydney (UTC+11:00)');
    expect(timezoneLabel('America/Argentina/Buenos_Aires', new Date('2025-01-15T00:00:00Z'))).toBe('America / Argentina / Buenos Aires (UTC-03:00)');
    expect(timezoneLabel('UTC', new Date('2025-01-15T00:00:00Z'))).toBe('UTC (UTC+00:00)');
  });
});
