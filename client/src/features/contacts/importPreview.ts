import { parse } from 'csv-parse/browser/esm/sync';
import type { ImportField } from '../../../../contracts/contacts/api.ts';

/** The preview reads only the file's start: enough for the headers and a few rows of any sane file. */
export const PREVIEW_BYTES = 64 * 1024;
export const PREVIEW_ROWS = 5;

/** Every field a column can fill, in the order the preview's menus offer them. */
export const IMPORT_FIELDS: { field: ImportField; label: string }[] = [
  { field: 'name', label: 'Full name' },
  { field: 'firstName', label: 'First name' },
  { field: 'lastName', label: 'Last name' },
  { field: 'jobTitle', label: 'Job title' },
  { field: 'outlets', label: 'Outlets' },
  { field: 'companies', label: 'Companies' },
  { field: 'beats', label: 'Beats' },
  { field: 'emails', label: 'Email addresses' },
  { field: 'mobile', label: 'Mobile phone' },
  { field: 'workDirect', label: 'Work phone (direct)' },
  { field: 'workReception', label: 'Work phone (reception)' },
  { field: 'home', label: 'Home phone' },
  { field: 'authorUrl', label: 'Author page' },
  { field: 'website', label: 'Website' },
  { field: 'twitter', label: 'Twitter / X' },
  { field: 'linkedIn', label: 'LinkedIn' },
  { field: 'instagram', label: 'Instagram' },
  { field: 'facebook', label: 'Facebook' },
  { field: 'youtube', label: 'YouTube' },
  { field: 'other', label: 'Other link' },
  { field: 'timezone', label: 'Timezone' },
  { field: 'country', label: 'Country' },
  { field: 'tags', label: 'Tags' },
];

// Words people put in their spreadsheets' headers, after lower-casing and dropping everything but letters.
const SYNONYMS: Record<string, ImportField> = {
  name: 'name',
  fullname: 'name',
  contact: 'name',
  contactname: 'name',
  firstname: 'firstName',
  givenname: 'firstName',
  first: 'firstName',
  lastname: 'lastName',
  surname: 'lastName',
  familyname: 'lastName',
  last: 'lastName',
  jobtitle: 'jobTitle',
  title: 'jobTitle',
  position: 'jobTitle',
  role: 'jobTitle',
  outlet: 'outlets',
  outlets: 'outlets',
  publication: 'outlets',
  media: 'outlets',
  company: 'companies',
  companies: 'companies',
  organisation: 'companies',
  organization: 'companies',
  beat: 'beats',
  beats: 'beats',
  email: 'emails',
  emails: 'emails',
  emailaddress: 'emails',
  mail: 'emails',
  mobile: 'mobile',
  mobilephone: 'mobile',
  cell: 'mobile',
  phone: 'workDirect',
  workphone: 'workDirect',
  workdirect: 'workDirect',
  directline: 'workDirect',
  reception: 'workReception',
  workreception: 'workReception',
  switchboard: 'workReception',
  homephone: 'home',
  home: 'home',
  authorurl: 'authorUrl',
  authorpage: 'authorUrl',
  website: 'website',
  web: 'website',
  url: 'website',
  twitter: 'twitter',
  x: 'twitter',
  linkedin: 'linkedIn',
  instagram: 'instagram',
  facebook: 'facebook',
  youtube: 'youtube',
  other: 'other',
  otherlink: 'other',
  timezone: 'timezone',
  tz: 'timezone',
  country: 'country',
  tags: 'tags',
  tag: 'tags',
  labels: 'tags',
};

export type ImportPreview = { headers: string[]; rows: string[][] };

/** The headers and first rows of a file's start; a row cut off by the byte limit is not shown. */
export function previewOf(text: string, complete: boolean): ImportPreview {
  const records = parse(text.replace(/^\uFEFF/, ''), { relax_column_count: true, relax_quotes: true, skip_empty_lines: true, to: complete ? undefined : PREVIEW_ROWS + 2 }) as string[][];
  const [headers = [], ...rest] = records;
  return { headers: headers.map((header) => header.trim()), rows: rest.slice(0, PREVIEW_ROWS) };
}

/**
 * A first guess of each header's field, for the person to correct: a known word maps, the rest
 * is left out. No field is filled twice (the second "Email" column stays unmapped).
 */
export function guessMapping(headers: readonly string[]): Record<string, ImportField | ''> {
  const taken = new Set<ImportField>();
  const mapping: Record<string, ImportField | ''> = {};
  for (const header of headers) {
    const key = header.toLowerCase().replace(/[^a-z]/g, '');
    const field = SYNONYMS[key] ?? IMPORT_FIELDS.find((option) => option.field.toLowerCase() === key)?.field;
    mapping[header] = field && !taken.has(field) ? field : '';
    if (field) taken.add(field);
  }
  return mapping;
}

/** What the import sends: only mapped headers. Null when no column fills the name, which the server would refuse. */
export function mappingToSend(mapping: Record<string, ImportField | ''>): Record<string, ImportField> | null {
  const chosen = Object.fromEntries(Object.entries(mapping).filter((entry): entry is [string, ImportField] => entry[1] !== ''));
  const fields = Object.values(chosen);
  return fields.some((field) => field === 'name' || field === 'firstName' || field === 'lastName') ? chosen : null;
}
