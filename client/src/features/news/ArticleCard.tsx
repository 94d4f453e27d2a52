import type { ArticleView } from '../../../../contracts/news/api.ts';
import { formatDate, fromNow } from '../../lib/format/index.ts';
import { SafeImage } from '../../ui/index.ts';
import { RichText } from '../posts/RichText.tsx';

const KIND_LABEL = { epitome: 'Epitome', marcoms: 'Marcoms News', media: 'Media news' } as const;

/** An editorial article read in place: its kind, when, its headline and its whole text (or summary). */
export function ArticleCard({ article }: { article: ArticleView }) {
  return (
    <article className="insider-article" aria-labelledby={`article-${article.id}`}>
      {article.imageUrl && <SafeImage className="insider-article__image" src={article.imageUrl} alt="" />}
      <div>
        <p className="wire-entry__meta">
          <span className="wire-entry__source">{KIND_LABEL[article.kind]}</span>
          <time dateTime={article.publishedAt} title={formatDate(article.publishedAt, 'dateTime')}>
            {fromNow(article.publishedAt)}
          </time>
        </p>
        <h2 className="wire-entry__title" id={`article-${article.id}`}>
          {article.title}
        </h2>
        {article.content ? <RichText className="insider-article__content" html={article.content} /> : <p className="wire-entry__summary">{article.summary}</p>}
      </div>
    </article>
  );
}
