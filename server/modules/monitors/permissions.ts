import { NO_MODULE, NO_REPORTS, type SourceKind } from '../../../contracts/monitors/api.ts';
import type { ModuleName } from '../../../contracts/users/enums.ts';

/** Someone at work on their account's monitors, as their session and account know them. */
export type Member = { id: number; accountId: number; isReadOnly: boolean; modules: readonly string[] };

export const MONITOR_MODULE: ModuleName = 'ROLE_MODULE_MONITOR';
export const ADVANCED_MODULE: ModuleName = 'ROLE_MODULE_MONITOR_ADVANCED';
export const REPORTS_MODULE: ModuleName = 'ROLE_MODULE_REPORTS';
export const READ_ONLY = 'Your account is read-only: you can look, but not change anything.';

/**
 * The module each source needs: outside news and announcements come with monitoring itself,
 * platform posts with the social module, the editorial articles with the print module.
 */
const SOURCE_MODULES: Record<SourceKind, { module: ModuleName; refusal: string }> = {
  news: { module: 'ROLE_MODULE_MONITOR', refusal: NO_MODULE },
  announcement: { module: 'ROLE_MODULE_MONITOR', refusal: NO_MODULE },
  post: { module: 'ROLE_MODULE_MONITOR_SOCIAL', refusal: 'Platform posts need the social monitor module' },
  article: { module: 'ROLE_MODULE_MONITOR_PRINT', refusal: 'Editorial articles need the print monitor module' },
};

/** Why this person may not use monitors at all, or null: they need an account that holds the module. */
export function monitorsRefusal(accountId: number | null, modules: readonly string[] | null): string | null {
  return accountId === null || !modules?.includes(MONITOR_MODULE) ? NO_MODULE : null;
}

export function reportsRefusal(member: Member): string | null {
  return member.modules.includes(REPORTS_MODULE) ? null : NO_REPORTS;
}

export const mayUseAdvancedQueries = (member: Member) => member.modules.includes(ADVANCED_MODULE);

/** Why the account may not watch this source, or null. */
export function sourceRefusal(member: Member, source: SourceKind): string | null {
  const { module, refusal } = SOURCE_MODULES[source];
  return member.modules.includes(module) ? null : refusal;
}

/** The sources a new monitor watches when none are named: all the account's modules allow. */
export const allowedSources = (member: Member, all: readonly SourceKind[]): SourceKind[] => all.filter((source) => sourceRefusal(member, source) === null);
