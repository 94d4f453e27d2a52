import { useState } from 'react';
import { PageHeader, Segmented } from '../../ui/index.ts';
import { ArticleCard } from './ArticleCard.tsx';
import { PagedList } from './PagedList.tsx';
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
        <PagedList
          query={insider}
          count={articles.length}
          loading="Loading articles"
          failed="The articles could not be loaded"
          empty={{ title: 'No articles yet', description: 'Epitome and Marcoms News articles appear here when the editors publish them.' }}
          more="Show older articles"
        >
          {articles.map((article) => (
            <li key={article.id}>
              <ArticleCard article={article} />
            </li>
          ))}
        </PagedList>
      </section>
    </div>
  );
}
