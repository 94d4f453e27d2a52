import type { z } from 'zod';
import type { settingsTab } from '../../../../contracts/users/catalogues.ts';

type Tab = z.infer<typeof settingsTab>;

/**
 * The steps a new person walks through, each a settings tab the server records as the
 * onboarding stage (so a person who leaves comes back to the same step). The rest of the
 * settings can wait: these make a profile worth finding.
 */
export const ONBOARDING_STEPS = [
  { stage: 'basic', title: 'About you', lead: 'Your name, photo and job are what people see first.' },
  { stage: 'companies', title: 'Where you work', lead: 'Join your company to publish as it and be found as its contact.' },
  { stage: 'beats_outlets', title: 'What you cover', lead: 'Your beats shape your feed; your outlets tell people where your work appears.' },
  { stage: 'follows', title: 'What you follow', lead: 'Choose the news and communities that reach your home feed.' },
] as const satisfies readonly { stage: Tab; title: string; lead: string }[];

export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** Where a stage sits among the steps; a stage the steps do not show starts from the first. */
export function stepIndexOf(stage: string | false): number {
  const index = ONBOARDING_STEPS.findIndex((step) => step.stage === stage);
  return Math.max(index, 0);
}

/** The stage after this one, or false when this is the last: false ends onboarding. */
export function nextStage(stage: string | false): OnboardingStep['stage'] | false {
  return ONBOARDING_STEPS[stepIndexOf(stage) + 1]?.stage ?? false;
}

export function previousStage(stage: string | false): OnboardingStep['stage'] | null {
  const index = stepIndexOf(stage);
  return index > 0 ? ONBOARDING_STEPS[index - 1]!.stage : null;
}
