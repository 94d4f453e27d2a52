import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { api } from '../../lib/api/index.ts';
import { Button } from '../../ui/Button.tsx';
import { PasswordInput } from '../../ui/Input.tsx';
import { showToast } from '../../ui/toast.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { FormErrors, errorLines } from './FormErrors.tsx';
import { PASSWORD_HINT } from './SignUpPage.tsx';

export const PASSWORDS_DIFFER = 'The two passwords are not the same.';

/** The page the recovery mail links to: a new password, then sign in with it. */
export function PasswordRecoveryPage() {
  const { id, code } = useParams({ from: '/password/recovery/$id/$code' });
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const [lines, setLines] = useState<string[]>([]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== repeat) {
      setLines([PASSWORDS_DIFFER]);
      return;
    }
    setBusy(true);
    setLines([]);
    try {
      await api.post(`/api/v1/auth/password/recovery/${encodeURIComponent(id)}/${encodeURIComponent(code)}`, { password }, { quiet: true });
      showToast({ type: 'success', lines: ['Your password is changed. Sign in with the new one.'] });
      await navigate({ to: '/sign_in', replace: true });
    } catch (error) {
      setLines(errorLines(error));
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title="Choose a new password"
      lead="Every device signed in to your account will be signed out."
      footer={
        <p>
          Link expired?{' '}
          <Link to="/password/new" className="text-link">
            Ask for a new one
          </Link>
        </p>
      }
    >
      <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
        <FormErrors lines={lines} />
        <PasswordInput placeholder="" label="New password" name="password" autoComplete="new-password" required hint={PASSWORD_HINT} value={password} onChange={(event) => setPassword(event.target.value)} />
        <PasswordInput placeholder="" label="Repeat the new password" name="repeat" autoComplete="new-password" required value={repeat} onChange={(event) => setRepeat(event.target.value)} />
        <Button type="submit" block loading={busy} disabled={!password || !repeat}>
          Save the new password
        </Button>
      </form>
    </AuthLayout>
  );
}
