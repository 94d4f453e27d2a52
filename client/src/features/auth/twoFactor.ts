import { ApiError } from '../../lib/api/index.ts';

/** A refused sign-in that asks for (or refuses) the two-factor code: the server flags it. */
export function asksForTwoFactorCode(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.body.twoFactorRequired === true;
}

/** Where people get an authenticator app (spec section 2: the setup links to them in the app stores). */
export const AUTHENTICATOR_APPS = [
  {
    name: 'Google Authenticator',
    appStore: 'https://apps.apple.com/app/google-authenticator/id388497605',
    googlePlay: 'https://play.google.com/store/apps/details?id=com.google.android.apps.authenticator2',
  },
  {
    name: 'Microsoft Authenticator',
    appStore: 'https://apps.apple.com/app/microsoft-authenticator/id983156458',
    googlePlay: 'https://play.google.com/store/apps/details?id=com.azure.authenticator',
  },
] as const;
