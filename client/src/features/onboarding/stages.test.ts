import { describe, expect, it } from 'vitest';
import { nextStage, ONBOARDING_STEPS, previousStage, stepIndexOf } from './stages.ts';

describe('onboarding stages', () => {
  it('walks basic, companies, beats and outlets, follows, then ends with false', () => {
    expect(ONBOARDING_STEPS.map((step) => step.stage)).toEqual(['basic', 'companies', 'beats_outlets', 'follows']);
    expect(nextStage('basic')).toBe('companies');
    expect(nextStage('companies')).toBe('beats_outlets');
    expect(nextStage('beats_outlets')).toBe('follows');
    expect(nextStage('follows')).toBe(false);
  });

  it('goes back one step, and nowhere from the first', () => {
    expect(previousStage('follows')).toBe('beats_outlets');
    expect(previousStage('basic')).toBeNull();
  });

  it('starts a stage it does not show (another tab, an old value) from the first step', () => {
    expect(stepIndexOf('security')).toBe(0);
    expect(stepIndexOf('beats_outlets')).toBe(2);
    expect(nextStage('security')).toBe('companies');
  });
});
