import { redirect } from '@tanstack/react-router';
import type { CurrentUser } from '../../../../contracts/users/current-user.ts';

type Context = { context: { user?: CurrentUser | null } };

const onboarding = (user: CurrentUser | null | undefined) => user != null && user.onboarding !== false;

/** A person still onboarding is taken to their step first (home and welcome). */
export function onboardingFirst({ context }: Context): void {
  if (onboarding(context.user)) throw redirect({ to: '/onboarding', replace: true });
}

/** Onboarding is over once finished: its page then leads to the welcome page. */
export function onboardingOnly({ context }: Context): void {
  if (!onboarding(context.user)) throw redirect({ to: '/welcome', replace: true });
}
