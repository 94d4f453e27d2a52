import { atom } from 'jotai';
import { storage } from '../../lib/storage.ts';
import type { ViewMode } from '../../routes/meta.ts';

const VIEW_MODE_KEY = 'development.viewMode';
const BANNER_KEY = 'banner.dismissed';
// Settings a person chose should outlive the 14-day default of local storage.
const KEEP_DAYS = 365;

function storedAtom<T>(key: string, fallback: T) {
  const value = atom<T>(storage.get<T>(key) ?? fallback);
  return atom(
    (get) => get(value),
    (_get, set, next: T) => {
      storage.set(key, next, { days: KEEP_DAYS });
      set(value, next);
    },
  );
}

/** Admins' development setting: which route set they see (spec section 6, default full). */
export const viewModeSettingAtom = storedAtom<ViewMode>(VIEW_MODE_KEY, 'full');

/** The banner, once dismissed, stays away (spec section 2). */
export const bannerDismissedAtom = storedAtom<boolean>(BANNER_KEY, false);
