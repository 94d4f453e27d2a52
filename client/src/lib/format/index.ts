export { DATE_FORMATS, DEFAULT_TIMEZONE, formatDate, fromNow, type DateFormat, type DateInput } from './dates.ts';
export { dayjs, type Dayjs } from './dayjs.ts';
export { compactNumber, fileSize } from './numbers.ts';
