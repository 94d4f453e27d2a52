import { Spinner } from '../../ui/Spinner.tsx';

/** Shown in place of a screen whose code is still on its way. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status">
      <Spinner />
      <span className="visually-hidden">Loading the page…</span>
    </div>
  );
}
