import { z } from 'zod';

/** Profile visibility (spec section 3): a private profile shows others only a name and a face. */
export const profileVisibility = z.enum(['public', 'private']);
export type ProfileVisibility = z.infer<typeof profileVisibility>;

/** Spec section 3: contact channel, link and address types. */
export const contactChannel = z.enum(['mobile', 'workDirect', 'workReception', 'home']);
export type ContactChannel = z.infer<typeof contactChannel>;
export const linkType = z.enum(['authorUrl', 'website', 'twitter', 'linkedIn', 'instagram', 'facebook', 'youtube', 'other']);
export type LinkType = z.infer<typeof linkType>;
export const addressType = z.enum(['home', 'office', 'postal']);
export type AddressType = z.infer<typeof addressType>;

/** The settings tabs of spec section 2; onboarding walks through them, and false ends it. */
export const settingsTab = z.enum(['basic', 'security', 'contacts', 'social', 'subscriptions', 'notifications', 'follows', 'companies', 'beats_outlets']);
export const onboardingStage = z.union([settingsTab, z.literal(false)]);

/**
 * Feeds a person follows beside communities: the spec's second enumeration of audiences
 * (media, marketing, epitome, announcement). Ids are their names.
 */
export const FEED_TYPES = [
  { id: 'media', name: 'Media news' },
  { id: 'marketing', name: 'PR and marketing' },
  { id: 'epitome', name: 'Epitome' },
  { id: 'announcement', name: 'Announcements' },
] as const;
export const feedType = z.enum(['media', 'marketing', 'epitome', 'announcement']);
export type FeedType = z.infer<typeof feedType>;

/** The product's newsletters a person may subscribe to. */
export const NEWSLETTERS = [
  { id: 'daily', name: 'Daily briefing', description: 'The day’s callouts, jobs and events for your beats, every morning' },
  { id: 'weekly', name: 'Weekly roundup', description: 'The most read stories and posts of the week, every Friday' },
  { id: 'events', name: 'Events', description: 'Upcoming events and webinars in your beats' },
  { id: 'product', name: 'Product news', description: 'New features and changes to Pressroom' },
] as const;
export const newsletter = z.enum(['daily', 'weekly', 'events', 'product']);
export type Newsletter = z.infer<typeof newsletter>;

/** What a journalist does at an outlet. */
export const outletRole = z.enum(['editor', 'reporter', 'producer', 'presenter', 'columnist', 'photographer', 'contributor', 'freelancer']);
export type OutletRole = z.infer<typeof outletRole>;

/** What a person does for a company, and what a spokesperson speaks as. */
export const companyRole = z.enum(['executive', 'communications', 'marketing', 'media relations', 'expert', 'founder', 'staff']);
export type CompanyRole = z.infer<typeof companyRole>;
