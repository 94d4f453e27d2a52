import { useState } from 'react';
import { Button, EmptyState, PageHeader, Segmented, Spinner } from '../../ui/index.ts';
import { ArticleCard } from './ArticleCard.tsx';
import { useInsider } from './queries.ts';
import './news.css';

const KINDS = [
  { kind: '', label: 'All' },
  { kind: 'epitome', label: 'Epitome' },
  { kind: 'marcoms', label: 'Marcoms News' },
] as const;

/** /insider: the trade's own news, Epitome (who moved where) and Marcoms News (agencies and campaigns), newest first. */
export function InsiderPage() {
  const [kind, setKind] = useState<(typeof KINDS)[number]['kind']>('');
  const insider = useInsider(kind);
  const articles = insider.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <div className="news">
      <PageHeader title="Insider" blurb="Epitome and Marcoms News: the people, agencies and campaigns behind the news." />
      <Segmented className="news__kinds" label="Which articles" options={KINDS.map((candidate) => ({ value: candidate.kind, label: candidate.label }))} value={kind} onChange={setKind} />
      <section className="news__body" aria-label="Insider articles" aria-busy={insider.isFetching}>
        {insider.isPending ? (
          <div className="news__loading">
            <Spinner label="Loading articles" />
          </div>
        ) : insider.isError && articles.length === 0 ? (
          <EmptyState title="The articles could not be loaded" description="Check your connection and try again." action={<Button onClick={() => void insider.refetch()}>Try again</Button>} />
        ) : articles.length === 0 ? (
          <EmptyState title="No articles yet" description="Epitome and Marcoms News articles appear here when the editors publish them." />
        ) : (
          <>
            <ol className="news__list">
              {articles.map((article) => (
                <li key={article.id}>
                  <ArticleCard article={article} />
                </li>
              ))}
            </ol>
            {insider.hasNextPage && (
              <div className="news__more">
                <Button variant="secondary" loading={insider.isFetchingNextPage} onClick={() => void insider.fetchNextPage()}>
                  Show older articles
                </Button>
              </div>
            )}
          </>
        )}
      </section>
    </div>
  );
}
