import { Link, useParams } from '@tanstack/react-router';
import { ApiError, linesOf } from '../../lib/api/index.ts';
import { DEFAULT_TIMEZONE, formatDate } from '../../lib/format/index.ts';
import { Button, EmptyState, Spinner } from '../../ui/index.ts';
import { useCurrentUser } from '../session/currentUser.ts';
import { useConfirm, useConfirmation } from './queries.ts';
import './newsrooms.css';

/** `newsrooms/confirm/{hash}`: the link mailed to a company's admins says what confirming grants, and confirms it once. */
export function ConfirmPage() {
  const { hash } = useParams({ strict: false }) as { hash: string };
  const user = useCurrentUser();
  const timezone = user?.timezone || DEFAULT_TIMEZONE;
  const link = useConfirmation(hash);
  const confirm = useConfirm(hash);

  if (link.isPending) return <Spinner label="Reading the link" />;
  if (link.isError) {
    const gone = link.error instanceof ApiError && link.error.status < 500;
    return (
      <div className="newsroom-confirm">
        <EmptyState
          title={gone ? 'This link no longer works' : 'The link could not be read'}
          description={gone ? linesOf(link.error as ApiError).join(' ') : 'Check your connection and try again.'}
          action={gone ? undefined : <Button onClick={() => void link.refetch()}>Try again</Button>}
        />
      </div>
    );
  }
  const view = link.data;
  return (
    <div className="newsroom-confirm">
      <section className="newsroom-confirm__card" aria-labelledby="confirm-title">
        <h1 id="confirm-title" className="newsroom-confirm__title">
          {view.confirmed ? 'Confirmed' : `Let ${view.person.name} edit ${view.newsroom.name}?`}
        </h1>
        <p className="newsroom-confirm__grants">{view.grants}</p>
        <dl className="newsroom-confirm__facts">
          <dt>Person</dt>
          <dd>
            {view.person.name} ({view.person.email})
          </dd>
          <dt>Newsroom</dt>
          <dd>
            {view.newsroom.name} of {view.company.name}
          </dd>
          {!view.confirmed && (
            <>
              <dt>Link expires</dt>
              <dd>{formatDate(view.expiresAt, 'longDateTime', timezone)}</dd>
            </>
          )}
        </dl>
        {view.confirmed ? (
          <p className="newsroom-confirm__done" role="status">
            {view.person.name} can now edit {view.newsroom.name}. This link has been used and will not work again.
          </p>
        ) : (
          <>
            {confirm.isError && (
              <p className="newsroom-form__problem" role="alert">
                {confirm.error instanceof ApiError ? linesOf(confirm.error).join(' ') : 'Check your connection and try again.'}
              </p>
            )}
            <p className="newsroom-confirm__note">Ignore this page if you do not know {view.person.name}: nothing changes until you confirm.</p>
            <Button onClick={() => confirm.mutate()} loading={confirm.isPending}>
              Confirm
            </Button>
          </>
        )}
        {user && (
          <p>
            <Link to="/newsrooms/our">Our newsrooms</Link>
          </p>
        )}
      </section>
    </div>
  );
}
