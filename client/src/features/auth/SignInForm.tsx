import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { CurrentUser } from '../../../../contracts/users/current-user.ts';
import { api } from '../../lib/api/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Input, PasswordInput } from '../../ui/Input.tsx';
import { signedIn } from '../session/session.ts';
import { FormErrors } from './FormErrors.tsx';
import { asksForTwoFactorCode } from './twoFactor.ts';
import { useSubmission } from './useSubmission.ts';
import './auth.css';

type SignInFormProps = {
  onSignedIn: (user: CurrentUser) => void;
  email?: string;
  /** The email is already known (signing in again): a dialog's focus starts on the password. */
  focusPassword?: boolean;
};

/** Email and password, then the authenticator code when the account has two-factor on. */
export function SignInForm({ onSignedIn, email: initialEmail = '', focusPassword = false }: SignInFormProps) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeStep, setCodeStep] = useState(false);
  const { busy, lines, setLines, submit } = useSubmission(
    async () => {
      const body = { email, password, ...(codeStep ? { code } : {}) };
      const user = await api.post<CurrentUser>('/api/v1/auth/sign_in', body, { quiet: true });
      signedIn(queryClient, user);
      onSignedIn(user);
    },
    (error) => {
      if (!asksForTwoFactorCode(error) || codeStep) return false;
      setCodeStep(true);
      return true;
    },
  );

  if (codeStep) {
    return (
      <form className="auth-form" onSubmit={submit} noValidate>
        <p className="auth-form__lead">Open your authenticator app and enter the 6-digit code it shows for Pressroom.</p>
        <FormErrors lines={lines} />
        <Input
          placeholder=""
          label="Authentication code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          required
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
        />
        <Button type="submit" block loading={busy} disabled={code.length !== 6}>
          Verify and sign in
        </Button>
        <Button
          variant="ghost"
          block
          onClick={() => {
            setCodeStep(false);
            setCode('');
            setLines([]);
          }}
        >
          Use another account
        </Button>
      </form>
    );
  }

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <FormErrors lines={lines} />
      <Input placeholder="" label="Email" name="email" type="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
      <PasswordInput
        placeholder=""
        label="Password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        {...(focusPassword ? { 'data-autofocus': true } : {})}
      />
      <div className="auth-form__row">
        <Link to="/password/new" className="text-link">
          Forgot your password?
        </Link>
      </div>
      <Button type="submit" block loading={busy} disabled={!email || !password}>
        Sign in
      </Button>
    </form>
  );
}
