import { useState } from 'react';
import { api } from '../../lib/api/index.ts';
import { Button } from '../../ui/Button.tsx';
import { PasswordInput } from '../../ui/Input.tsx';
import { showToast } from '../../ui/toast.tsx';
import { FormErrors } from '../auth/FormErrors.tsx';
import { useSubmission } from '../auth/useSubmission.ts';

const MIN_LENGTH = 8;

/** A new password, proven by the current one; the server ends every other session. */
export function PasswordSection() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const { busy, lines, submit } = useSubmission(async () => {
    await api.patch('/api/v1/auth/password', { currentPassword, password }, { quiet: true });
    setCurrentPassword('');
    setPassword('');
    showToast({ type: 'success', lines: ['Your password is changed. Other devices are signed out.'] });
  });

  return (
    <section className="settings-section" aria-labelledby="password-title">
      <h2 id="password-title" className="settings-section__title">
        Password
      </h2>
      <p className="settings-section__lead">Changing it signs you out everywhere else.</p>
      <FormErrors lines={lines} />
      <form className="settings-password" onSubmit={submit} noValidate>
        <PasswordInput label="Current password" name="currentPassword" required value={currentPassword} onChange={(event) => setCurrentPassword(event.target.value)} />
        <PasswordInput
          label="New password"
          name="password"
          autoComplete="new-password"
          hint={`At least ${MIN_LENGTH} characters.`}
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" loading={busy} disabled={!currentPassword || password.length < MIN_LENGTH}>
          Change password
        </Button>
      </form>
    </section>
  );
}
