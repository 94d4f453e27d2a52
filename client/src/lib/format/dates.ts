import { dayjs, type Dayjs } from './dayjs.ts';

/** Spec section 9: the user's timezone when they have none of their own. */
export const DEFAULT_TIMEZONE = 'Australia/Sydney';

/** The three date formats of spec section 9. */
export const DATE_FORMATS = {
  /** 05 Mar 2024 */
  date: 'DD MMM YYYY',
  /** Tuesday, 5 March, 2024, 14:30 */
  longDateTime: 'dddd, D MMMM, YYYY, HH:mm',
  /** 5 Mar 2024, 14:30 */
  dateTime: 'D MMM YYYY, HH:mm',
} as const;

export type DateFormat = keyof typeof DATE_FORMATS;
/** An ISO string, epoch milliseconds, a Date or a Dayjs. */
export type DateInput = string | number | Date | Dayjs;

export function formatDate(value: DateInput, kind: DateFormat, timezone: string = DEFAULT_TIMEZONE): string {
  return dayjs(value).tz(timezone).format(DATE_FORMATS[kind]);
}

/**
 * Publication times as relative times ("3 hours ago"). A distance in time is the same in
 * every timezone, so none is asked for: converting to one costs more than the rest of a
 * card's render, and a feed renders cards as it scrolls.
 */
export function fromNow(value: DateInput): string {
  return dayjs(value).fromNow();
}
