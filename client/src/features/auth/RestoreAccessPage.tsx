import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { api } from '../../lib/api/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Input } from '../../ui/Input.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { FormErrors } from './FormErrors.tsx';
import { useSubmission } from './useSubmission.ts';

export function RestoreAccessPage() {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { busy, lines, submit } = useSubmission(async () => {
    await api.post('/api/v1/auth/password/new', { email }, { quiet: true });
    setSentTo(email.trim());
  });

  const back = (
    <p>
      Remembered it?{' '}
      <Link to="/sign_in" className="text-link">
        Back to sign in
      </Link>
    </p>
  );

  if (sentTo) {
    return (
      <AuthLayout title="Check your email" footer={back}>
        <p className="auth-form__notice" role="status">
          If an account uses <strong>{sentTo}</strong>, we have sent it a link to choose a new password. The link works once, for 1 hour.
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Restore access" lead="Enter the email of your account and we will send you a link to choose a new password." footer={back}>
      <form className="auth-form" onSubmit={submit} noValidate>
        <FormErrors lines={lines} />
        <Input placeholder="" label="Email" name="email" type="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
        <Button type="submit" block loading={busy} disabled={!email.trim()}>
          Send the link
        </Button>
      </form>
    </AuthLayout>
  );
}
