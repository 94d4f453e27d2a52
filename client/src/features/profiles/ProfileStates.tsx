import { Link } from '@tanstack/react-router';
import { ApiError } from '../../lib/api/index.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { errorLines } from '../auth/FormErrors.tsx';

/** A public page still loading, or one that could not be shown: "not found" said plainly, other failures with the server's words. */
export function ProfileStatus({ error, what }: { error: unknown; what: string }) {
  if (!error) {
    return (
      <div className="profile-page__status">
        <Spinner label={`Loading the ${what}`} />
      </div>
    );
  }
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <div className="profile-page__status">
      <EmptyState
        title={missing ? `This ${what} does not exist` : `This ${what} could not be shown`}
        description={missing ? 'The address may be mistyped, or the page may have moved.' : errorLines(error).join(' ')}
        action={
          <Link to="/" className="button button--secondary button--md">
            <span className="button__label">Go home</span>
          </Link>
        }
      />
    </div>
  );
}
