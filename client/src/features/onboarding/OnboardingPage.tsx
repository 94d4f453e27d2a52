import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { errorLines, FormErrors } from '../auth/FormErrors.tsx';
import { currentUserKey, useCurrentUser } from '../session/currentUser.ts';
import { settingsApi } from '../settings/api.ts';
import { BasicDetails } from '../settings/BasicPage.tsx';
import { BeatsOutlets } from '../settings/BeatsOutletsPage.tsx';
import { Companies } from '../settings/CompaniesPage.tsx';
import { Follows } from '../settings/FollowsPage.tsx';
import '../settings/settings.css';
import { nextStage, ONBOARDING_STEPS, previousStage, stepIndexOf, type OnboardingStep } from './stages.ts';
import './onboarding.css';

const PANELS: Record<OnboardingStep['stage'], (props: { slug: string }) => React.ReactNode> = {
  basic: BasicDetails,
  companies: Companies,
  beats_outlets: BeatsOutlets,
  follows: Follows,
};

/**
 * Onboarding (spec section 4): a new person's first steps, each a settings tab whose fields
 * save on their own. Each step is recorded on the server as the stage; the last sets it to
 * false, which runs the server's own step (default follows), then the welcome page follows.
 */
export function OnboardingPage() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [lines, setLines] = useState<string[]>([]);
  const heading = useRef<HTMLHeadingElement>(null);
  const stage = user?.onboarding ?? false;
  const index = stepIndexOf(stage);
  const step = ONBOARDING_STEPS[index]!;

  // A new step is announced and read from its top, as a new page would be.
  useEffect(() => {
    heading.current?.focus();
    window.scrollTo({ top: 0 });
  }, [index]);

  if (!user) return null;
  const Panel = PANELS[step.stage];

  const go = async (target: string | false) => {
    setBusy(true);
    setLines([]);
    try {
      const { onboarding } = await settingsApi.setOnboardingStage(user.slug, target);
      if (onboarding === false) {
        await queryClient.fetchQuery({ queryKey: currentUserKey, staleTime: 0 });
        await navigate({ to: '/welcome', replace: true });
        return;
      }
      queryClient.setQueryData(currentUserKey, { ...user, onboarding });
    } catch (failure) {
      setLines(errorLines(failure));
    } finally {
      setBusy(false);
    }
  };
  const back = previousStage(stage);
  const next = nextStage(stage);

  return (
    <div className="onboarding">
      <header className="onboarding__head">
        <p className="onboarding__count">
          Step {index + 1} of {ONBOARDING_STEPS.length}
        </p>
        <ol className="onboarding__steps" aria-label="Onboarding steps">
          {ONBOARDING_STEPS.map((item, position) => (
            <li
              key={item.stage}
              className={`onboarding__step${position < index ? ' onboarding__step--done' : ''}${position === index ? ' onboarding__step--current' : ''}`}
              aria-current={position === index ? 'step' : undefined}
            >
              <span className="onboarding__dot" aria-hidden="true">
                {position < index ? '✓' : position + 1}
              </span>
              <span className="onboarding__label">{item.title}</span>
            </li>
          ))}
        </ol>
        <h1 ref={heading} tabIndex={-1} className="onboarding__title">
          {step.title}
        </h1>
        <p className="onboarding__lead">{step.lead}</p>
      </header>

      <Panel slug={user.slug} />

      <footer className="onboarding__footer">
        <FormErrors lines={lines} />
        <div className="onboarding__buttons">
          {back && (
            <Button variant="ghost" disabled={busy} onClick={() => void go(back)}>
              Back
            </Button>
          )}
          <Button loading={busy} onClick={() => void go(next)}>
            {next === false ? 'Finish' : 'Continue'}
          </Button>
        </div>
      </footer>
    </div>
  );
}
