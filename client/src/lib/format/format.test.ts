import { afterEach, describe, expect, it, vi } from 'vitest';
import { compactNumber, DEFAULT_TIMEZONE, fileSize, formatDate, fromNow } from './index.ts';

// 23:30 UTC on a Tuesday is 10:30 on Wednesday in Sydney (daylight time, UTC+11).
const instant = '2024-03-05T23:30:00Z';

describe('dates (spec section 9)', () => {
  afterEach(() => vi.useRealTimers());

  it('defaults to Australia/Sydney', () => {
    expect(DEFAULT_TIMEZONE).toBe('Australia/Sydney');
    expect(formatDate(instant, 'date')).toBe('06 Mar 2024');
  });

  it("formats 'DD MMM YYYY', 'dddd, D MMMM, YYYY, HH:mm' and 'D MMM YYYY, HH:mm' in the user's timezone", () => {
    expect(formatDate(instant, 'date', 'Australia/Sydney')).toBe('06 Mar 2024');
    expect(formatDate(instant, 'longDateTime', 'Australia/Sydney')).toBe('Wednesday, 6 March, 2024, 10:30');
    expect(formatDate(instant, 'dateTime', 'Australia/Sydney')).toBe('6 Mar 2024, 10:30');
    expect(formatDate(instant, 'longDateTime', 'Europe/London')).toBe('Tuesday, 5 March, 2024, 23:30');
    expect(formatDate(new Date(instant).getTime(), 'dateTime', 'America/New_York')).toBe('5 Mar 2024, 18:30');
  });

  it('follows daylight saving: the same wall time in winter is UTC+10', () => {
    expect(formatDate('2024-07-05T23:30:00Z', 'dateTime')).toBe('6 Jul 2024, 09:30');
  });

  it('shows publication times as relative times', () => {
    vi.useFakeTimers({ now: new Date(instant) });
    expect(fromNow('2024-03-05T23:29:30Z')).toBe('a few seconds ago');
    expect(fromNow('2024-03-05T20:30:00Z')).toBe('3 hours ago');
    expect(fromNow('2024-03-02T23:30:00Z')).toBe('3 days ago');
  });
});

describe('numbers (spec section 9)', () => {
  it('shortens numbers above 1000 with k and m', () => {
    expect(compactNumber(0)).toBe('0');
    expect(compactNumber(999)).toBe('999');
    expect(compactNumber(1000)).toBe('1000');
    expect(compactNumber(1001)).toBe('1k');
    expect(compactNumber(1250)).toBe('1.2k');
    expect(compactNumber(15_900)).toBe('15.9k');
    expect(compactNumber(999_999)).toBe('999.9k');
    expect(compactNumber(1_000_000)).toBe('1m');
    expect(compactNumber(3_456_789)).toBe('3.4m');
  });

  it('shows file sizes in bytes, KiB and so on', () => {
    expect(fileSize(0)).toBe('0 bytes');
    expect(fileSize(1)).toBe('1 byte');
    expect(fileSize(1023)).toBe('1023 bytes');
    expect(fileSize(1024)).toBe('1 KiB');
    expect(fileSize(1536)).toBe('1.5 KiB');
    expect(fileSize(10 * 1024 * 1024)).toBe('10 MiB');
    expect(fileSize(500 * 1024 * 1024)).toBe('500 MiB');
    expect(fileSize(3.25 * 1024 ** 3)).toBe('3.3 GiB');
    expect(fileSize(2 * 1024 ** 4)).toBe('2 TiB');
  });
});
