import type { NewsroomInput, NewsroomView } from '../../../../contracts/newsrooms/api.ts';

/** The social links the form asks for, in its order, with their labels. */
export const LINK_FIELDS = [
  { key: 'website', label: 'Website' },
  { key: 'twitter', label: 'X (Twitter)' },
  { key: 'linkedIn', label: 'LinkedIn' },
  { key: 'instagram', label: 'Instagram' },
  { key: 'facebook', label: 'Facebook' },
  { key: 'youtube', label: 'YouTube' },
] as const;
export type LinkKey = (typeof LINK_FIELDS)[number]['key'];

/** What the newsroom form holds. */
export type NewsroomDraft = {
  companyId: number | null;
  name: string;
  slug: string;
  logo: { id: number; path: string } | null;
  brandColour: string;
  about: string;
  links: Record<LinkKey, string>;
  isPublic: boolean;
};

const noLinks = (): Record<LinkKey, string> => ({ website: '', twitter: '', linkedIn: '', instagram: '', facebook: '', youtube: '' });

export const DEFAULT_BRAND_COLOUR = '#1d4ed8';

export function draftOf(newsroom: NewsroomView | null, companyId: number | null): NewsroomDraft {
  if (!newsroom) return { companyId, name: '', slug: '', logo: null, brandColour: DEFAULT_BRAND_COLOUR, about: '', links: noLinks(), isPublic: true };
  const links = noLinks();
  for (const { key } of LINK_FIELDS) links[key] = newsroom.links[key] ?? '';
  return {
    companyId: newsroom.company.id,
    name: newsroom.name,
    slug: newsroom.slug,
    logo: newsroom.logoId !== null && newsroom.logo ? { id: newsroom.logoId, path: newsroom.logo } : null,
    brandColour: newsroom.brandColour ?? DEFAULT_BRAND_COLOUR,
    about: newsroom.about,
    links,
    isPublic: newsroom.isPublic,
  };
}

/** The request body: blank links are left out (the server drops them too), the slug only when it is set. */
export function bodyOf(draft: NewsroomDraft): NewsroomInput & { companyId?: number } {
  const links = Object.fromEntries(Object.entries(draft.links).filter(([, value]) => value.trim() !== ''));
  return {
    ...(draft.companyId !== null ? { companyId: draft.companyId } : {}),
    name: draft.name,
    ...(draft.slug.trim() ? { slug: draft.slug } : {}),
    logo: draft.logo?.id ?? null,
    brandColour: draft.brandColour || null,
    about: draft.about,
    links,
    isPublic: draft.isPublic,
  };
}

export type FieldName = 'name' | 'slug' | 'logo' | 'brandColour' | 'about' | LinkKey | 'company' | 'form';

/**
 * Which field a line of the server's 400/422 answer is about, so it shows under it: the
 * server's lines name the field in their own words ("Name is required", "This is not a
 * Twitter url").
 */
export function fieldOf(line: string): FieldName {
  if (/^Name\b/.test(line)) return 'name';
  if (/address/i.test(line)) return 'slug';
  if (/logo/i.test(line)) return 'logo';
  if (/^Brand colour/i.test(line)) return 'brandColour';
  if (/^About/.test(line)) return 'about';
  if (/company/i.test(line)) return 'company';
  for (const { key, label } of LINK_FIELDS) if (new RegExp(`\\b(${key}|${label.split(' ')[0]})\\b`, 'i').test(line)) return key;
  return 'form';
}

export function errorsByField(lines: readonly string[]): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {};
  for (const line of lines) {
    const field = fieldOf(line);
    errors[field] = errors[field] ? `${errors[field]} ${line}` : line;
  }
  return errors;
}
