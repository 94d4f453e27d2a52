import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import type { twoFactorSetup } from '../../../../contracts/auth/api.ts';
import { api, ApiError } from '../../lib/api/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Input } from '../../ui/Input.tsx';
import { showToast } from '../../ui/toast.tsx';
import { FormErrors, errorLines } from '../auth/FormErrors.tsx';
import { AUTHENTICATOR_APPS } from '../auth/twoFactor.ts';
import { cachedCurrentUser, currentUserKey } from '../session/currentUser.ts';
import { PasswordSection } from './PasswordSection.tsx';

type Setup = z.infer<typeof twoFactorSetup>;
type State = { step: 'start' } | { step: 'scan'; setup: Setup } | { step: 'on' };

const ALREADY_ON = 'Two-factor authentication is already on.';

/** Security: the password, and two-factor authentication. */
export function SecurityPage() {
  return (
    <>
      <PasswordSection />
      <TwoFactorSection />
    </>
  );
}

/** Two-factor authentication with an authenticator app (QR code, then a code to prove it). */
function TwoFactorSection() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>(() => (cachedCurrentUser(queryClient)?.twoFactor ? { step: 'on' } : { step: 'start' }));
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [lines, setLines] = useState<string[]>([]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setLines([]);
    try {
      await work();
    } catch (error) {
      setLines(errorLines(error));
    } finally {
      setBusy(false);
    }
  };

  const start = () =>
    run(async () => {
      try {
        const setup = await api.post<Setup>('/api/v1/auth/two_factor/setup', undefined, { quiet: true });
        setState({ step: 'scan', setup });
      } catch (error) {
        // Turned on elsewhere since the current user was read.
        if (error instanceof ApiError && error.errors.includes(ALREADY_ON)) setState({ step: 'on' });
        else throw error;
      }
    });

  const enable = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await api.post('/api/v1/auth/two_factor/enable', { code }, { quiet: true });
      setCode('');
      setState({ step: 'on' });
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
      showToast({ type: 'success', lines: ['Two-factor authentication is on.'] });
    });
  };

  const disable = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await api.delete('/api/v1/auth/two_factor', { code }, { quiet: true });
      setCode('');
      setState({ step: 'start' });
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
      showToast({ type: 'success', lines: ['Two-factor authentication is off.'] });
    });
  };

  const codeInput = (
    <Input
      placeholder=""
      label="6-digit code"
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      required
      value={code}
      onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
    />
  );

  return (
    <section className="settings-section" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" className="settings-section__title">
        Two-factor authentication
      </h2>
      <p className="settings-section__lead">
        Sign-ins ask for a code from an authenticator app on your phone as well as your password, so a stolen password alone cannot open your account.
      </p>
      <FormErrors lines={lines} />

      {state.step === 'start' && (
        <Button loading={busy} onClick={() => void start()}>
          Set up two-factor authentication
        </Button>
      )}

      {state.step === 'scan' && (
        <div className="two-factor">
          <ol className="two-factor__steps">
            <li>
              <p>Install an authenticator app, if your phone has none:</p>
              <ul className="two-factor__apps">
                {AUTHENTICATOR_APPS.map((app) => (
                  <li key={app.name}>
                    {app.name}:{' '}
                    <a className="text-link" href={app.appStore} target="_blank" rel="noreferrer">
                      App Store
                    </a>
                    {' · '}
                    <a className="text-link" href={app.googlePlay} target="_blank" rel="noreferrer">
                      Google Play
                    </a>
                  </li>
                ))}
              </ul>
            </li>
            <li>
              <p>Scan this QR code with the app:</p>
              <img className="two-factor__qr" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(state.setup.qrSvg)}`} alt="QR code for your authenticator app" width="180" height="180" />
              <p className="two-factor__secret">
                Or enter this key by hand: <code data-testid="two-factor-secret">{state.setup.secret}</code>
              </p>
            </li>
            <li>
              <p>Enter the code the app shows to finish:</p>
              <form className="two-factor__form" onSubmit={enable} noValidate>
                {codeInput}
                <Button type="submit" loading={busy} disabled={code.length !== 6}>
                  Turn on
                </Button>
              </form>
            </li>
          </ol>
        </div>
      )}

      {state.step === 'on' && (
        <div className="two-factor">
          <p className="two-factor__status" role="status">
            Two-factor authentication is on for your account.
          </p>
          <form className="two-factor__form" onSubmit={disable} noValidate>
            {codeInput}
            <Button type="submit" variant="danger" loading={busy} disabled={code.length !== 6}>
              Turn off
            </Button>
          </form>
        </div>
      )}
    </section>
  );
}
