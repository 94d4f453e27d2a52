import { Link, useNavigate } from '@tanstack/react-router';
import { takeReturnPath } from '../../routes/deepLink.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { SignInForm } from './SignInForm.tsx';

export function SignInPage() {
  const navigate = useNavigate();
  // Spec section 2: a guest's saved path is where signing in lands; home otherwise.
  const onSignedIn = () => void navigate({ href: takeReturnPath() ?? '/', replace: true });
  return (
    <AuthLayout
      title="Sign in to Pressroom"
      footer={
        <p>
          New to Pressroom?{' '}
          <Link to="/sign_up" className="text-link">
            Create an account
          </Link>
        </p>
      }
    >
      <SignInForm onSignedIn={onSignedIn} />
    </AuthLayout>
  );
}
