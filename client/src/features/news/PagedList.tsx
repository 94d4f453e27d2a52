import type { ReactNode } from 'react';
import { Button, EmptyState, Spinner } from '../../ui/index.ts';

/** What a list of the News area needs from its infinite query. */
type Paging = {
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
};

type PagedListProps = {
  query: Paging;
  /** How many items are loaded: none shows the empty state (or the failure, when loading failed). */
  count: number;
  loading: string;
  failed: string;
  empty: { title: string; description: string };
  more: string;
  className?: string;
  /** The items, each an `<li>`. */
  children: ReactNode;
};

/** A News list, newest first: loading, a failure to try again, its empty state, or its items with "show older". */
export function PagedList({ query, count, loading, failed, empty, more, className, children }: PagedListProps) {
  if (query.isPending) {
    return (
      <div className="news__loading">
        <Spinner label={loading} />
      </div>
    );
  }
  if (query.isError && count === 0) {
    return <EmptyState title={failed} description="Check your connection and try again." action={<Button onClick={() => void query.refetch()}>Try again</Button>} />;
  }
  if (count === 0) return <EmptyState title={empty.title} description={empty.description} />;
  return (
    <>
      <ol className={className ? `news__list ${className}` : 'news__list'}>{children}</ol>
      {query.hasNextPage && (
        <div className="news__more">
          <Button variant="secondary" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {more}
          </Button>
        </div>
      )}
    </>
  );
}
