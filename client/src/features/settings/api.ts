import { useParams } from '@tanstack/react-router';
import type { z } from 'zod';
import type {
  CompanyResponsibility,
  OutletResponsibility,
  ProfileInformation,
  SettingsView,
  Spokesperson,
  communityFollows,
  feedTypeFollows,
  notificationPreferences,
  onboardingOrganization,
  profileSuggestion,
  subscriptions,
} from '../../../../contracts/users/settings.ts';
import { api } from '../../lib/api/index.ts';

export type CommunityFollows = z.infer<typeof communityFollows>;
export type FeedTypeFollows = z.infer<typeof feedTypeFollows>;
export type Subscriptions = z.infer<typeof subscriptions>;
export type NotificationPreferences = z.infer<typeof notificationPreferences>;
export type OnboardingOrganization = z.infer<typeof onboardingOrganization>;
export type ProfileSuggestion = z.infer<typeof profileSuggestion>;

/** Every call of spec section 7 "User settings", under /api/v1/u/{user}/settings. */
export const settingsPath = (slug: string, rest = '') => `/api/v1/u/${encodeURIComponent(slug)}/settings${rest ? `/${rest}` : ''}`;

/** The react-query keys of one person's settings; each tab reads and patches its own. */
export const settingsKeys = {
  all: (slug: string) => ['settings', slug] as const,
  base: (slug: string) => ['settings', slug, 'base'] as const,
  information: (slug: string) => ['settings', slug, 'contacts'] as const,
  suggestion: (slug: string) => ['settings', slug, 'suggestion'] as const,
  communityFollows: (slug: string) => ['settings', slug, 'follows', 'communities'] as const,
  feedFollows: (slug: string) => ['settings', slug, 'follows', 'feeds'] as const,
  subscriptions: (slug: string) => ['settings', slug, 'subscriptions'] as const,
  notifications: (slug: string) => ['settings', slug, 'notifications'] as const,
  outlets: (slug: string) => ['settings', slug, 'outlets'] as const,
  companies: (slug: string) => ['settings', slug, 'companies'] as const,
  spokesperson: (slug: string) => ['settings', slug, 'spokesperson'] as const,
  organization: (slug: string) => ['settings', slug, 'organization'] as const,
};

// Field saves show their errors beside the field, so every write is quiet.
const quiet = { quiet: true } as const;

export const settingsApi = {
  base: (slug: string, signal?: AbortSignal) => api.get<SettingsView>(settingsPath(slug), { signal }),
  /** PATCH name/first, name/last, job, organization, timezone, country, beats: each answers with the whole basic view. */
  patchBasic: (slug: string, path: string, body: unknown) => api.patch<SettingsView>(settingsPath(slug, path), body, quiet),
  visibility: (slug: string, visibility: 'public' | 'private') => api.patch<SettingsView>(settingsPath(slug, `permissions/view/${visibility}`), undefined, quiet),
  removeAvatar: (slug: string) => api.delete<SettingsView>(settingsPath(slug, 'avatar'), undefined, quiet),

  information: (slug: string, signal?: AbortSignal) => api.get<ProfileInformation>(settingsPath(slug, 'contacts'), { signal }),
  patchContacts: (slug: string, body: Record<string, string>) => api.patch<ProfileInformation>(settingsPath(slug, 'contacts'), body, quiet),
  patchLinks: (slug: string, body: Record<string, string>) => api.patch<ProfileInformation>(settingsPath(slug, 'links'), body, quiet),
  patchAddress: (slug: string, type: string, body: unknown) => api.patch<ProfileInformation>(settingsPath(slug, `addresses/${type}`), body, quiet),
  suggestion: (slug: string) => api.get<ProfileSuggestion>(settingsPath(slug, 'contacts/profile/user/ai')),

  communityFollows: (slug: string, signal?: AbortSignal) => api.get<CommunityFollows>(settingsPath(slug, 'follows/communities'), { signal }),
  followCommunity: (slug: string, id: number, follow: boolean) =>
    (follow ? api.patch : api.delete)<CommunityFollows>(settingsPath(slug, `follows/communities/${id}`), undefined, quiet),
  feedFollows: (slug: string, signal?: AbortSignal) => api.get<FeedTypeFollows>(settingsPath(slug, 'follows/feeds/types'), { signal }),
  followFeed: (slug: string, id: string, follow: boolean) => (follow ? api.patch : api.delete)<FeedTypeFollows>(settingsPath(slug, `follows/feeds/types/${id}`), undefined, quiet),

  subscriptions: (slug: string, signal?: AbortSignal) => api.get<Subscriptions>(settingsPath(slug, 'subscriptions'), { signal }),
  subscribe: (slug: string, id: string, subscribed: boolean) => api.patch<Subscriptions>(settingsPath(slug, `subscriptions/${id}`), { subscribed }, quiet),

  notifications: (slug: string, signal?: AbortSignal) => api.get<NotificationPreferences>(settingsPath(slug, 'notifications'), { signal }),
  setNotification: (slug: string, type: string, inApp: boolean) => api.patch<NotificationPreferences>(settingsPath(slug, `notifications/${type}`), { inApp }, quiet),

  outlets: async (slug: string, signal?: AbortSignal) => (await api.get<{ data: OutletResponsibility[] }>(settingsPath(slug, 'responsibilities/outlets'), { signal })).data,
  addOutlet: (slug: string, url: string) => api.post<OutletResponsibility>(settingsPath(slug, 'responsibilities/outlets'), { url }, quiet),
  patchOutlet: (slug: string, id: number, body: unknown) => api.patch<OutletResponsibility>(settingsPath(slug, `responsibilities/outlets/${id}`), body, quiet),
  removeOutlet: (slug: string, id: number) => api.delete(settingsPath(slug, `responsibilities/outlets/${id}`)),

  companies: async (slug: string, signal?: AbortSignal) => (await api.get<{ data: CompanyResponsibility[] }>(settingsPath(slug, 'responsibilities/companies'), { signal })).data,
  patchCompany: (slug: string, id: number, body: unknown) => api.patch<CompanyResponsibility>(settingsPath(slug, `responsibilities/companies/${id}`), body, quiet),
  leaveCompany: (slug: string, id: number) => api.delete(settingsPath(slug, `responsibilities/companies/${id}`)),
  joinCompany: (slug: string, id: number) => api.patch<CompanyResponsibility>(settingsPath(slug, `company/${id}/join`), undefined, quiet),
  spokesperson: (slug: string, signal?: AbortSignal) => api.get<Spokesperson>(settingsPath(slug, 'responsibilities/spokesperson'), { signal }),
  patchSpokesperson: (slug: string, body: unknown) => api.patch<Spokesperson>(settingsPath(slug, 'responsibilities/spokesperson'), body, quiet),

  onboardingOrganization: (slug: string, signal?: AbortSignal) => api.get<OnboardingOrganization>(settingsPath(slug, 'onboarding/organization'), { signal }),
  setOnboardingStage: (slug: string, stage: string | false) => api.patch<{ onboarding: string | false }>(settingsPath(slug, 'onboarding'), { stage }),
};

/** The slug of the person whose settings are open: /u/{slug}/settings. */
export function useSettingsSlug(): string {
  return useParams({ strict: false }).slug ?? '';
}
