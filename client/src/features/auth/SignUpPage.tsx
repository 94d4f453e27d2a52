import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { api } from '../../lib/api/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Input, PasswordInput } from '../../ui/Input.tsx';
import { currentUserQuery } from '../session/currentUser.ts';
import { signedIn } from '../session/session.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { FormErrors, errorLines } from './FormErrors.tsx';

type Role = 'journo' | 'pr' | 'expert';

/** The roles a person chooses at sign-up (admin and accountAdmin are granted, never chosen). */
export const SIGN_UP_ROLES: { value: Role; label: string; description: string }[] = [
  { value: 'journo', label: 'Journalist', description: 'Find sources, send call-outs and run interviews.' },
  { value: 'pr', label: 'PR and marketing', description: 'Pitch stories and publish announcements from your newsroom.' },
  { value: 'expert', label: 'Expert', description: 'Share your expertise and answer journalists’ questions.' },
];

export const PASSWORD_HINT = 'At least 8 characters, without your name or email.';

export function SignUpPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [form, setForm] = useState({ firstname: '', lastname: '', email: '', password: '' });
  const [role, setRole] = useState<Role>('journo');
  const [busy, setBusy] = useState(false);
  const [lines, setLines] = useState<string[]>([]);
  const field = (name: keyof typeof form) => ({
    name,
    value: form[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [name]: event.target.value }),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setLines([]);
    try {
      await api.create('/api/v1/auth/sign_up', { ...form, role }, { quiet: true });
      const user = await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
      if (user) signedIn(queryClient, user);
      await navigate({ to: '/welcome', replace: true });
    } catch (error) {
      setLines(errorLines(error));
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title="Create your Pressroom account"
      footer={
        <p>
          Already have an account?{' '}
          <Link to="/sign_in" className="text-link">
            Sign in
          </Link>
        </p>
      }
    >
      <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
        <FormErrors lines={lines} />
        <fieldset className="role-choice">
          <legend className="role-choice__legend">I am a…</legend>
          {SIGN_UP_ROLES.map((option) => (
            <label key={option.value} className={`role-choice__option${role === option.value ? ' role-choice__option--chosen' : ''}`}>
              <input type="radio" name="role" value={option.value} checked={role === option.value} onChange={() => setRole(option.value)} />
              <span className="role-choice__text">
                <span className="role-choice__label">{option.label}</span>
                <span className="role-choice__description">{option.description}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="auth-form__pair">
          <Input placeholder="" label="First name" autoComplete="given-name" required maxLength={100} {...field('firstname')} />
          <Input placeholder="" label="Last name" autoComplete="family-name" required maxLength={100} {...field('lastname')} />
        </div>
        <Input placeholder="" label="Email" type="email" autoComplete="email" required {...field('email')} />
        <PasswordInput placeholder="" label="Password" autoComplete="new-password" required hint={PASSWORD_HINT} {...field('password')} />
        <Button type="submit" block loading={busy} disabled={Object.values(form).some((value) => value.trim() === '')}>
          Create account
        </Button>
      </form>
    </AuthLayout>
  );
}
