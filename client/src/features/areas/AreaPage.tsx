import { EmptyState } from '../../ui/EmptyState.tsx';
import { useRouteMeta } from '../layout/useRouteMeta.ts';
import { areaBlurbs } from './blurbs.ts';
import './areas.css';

/**
 * The page of an area whose screens come later: its title, what it is for, and an honest
 * word that it is on its way. Nothing on it pretends to be data.
 */
export function AreaPage() {
  const meta = useRouteMeta();
  const title = meta?.title ?? 'Pressroom';
  const blurb = meta ? areaBlurbs[meta.name] : undefined;
  return (
    <div className="area">
      <header className="area__header">
        <h1 className="area__title">{title}</h1>
        {blurb && <p className="area__blurb">{blurb}</p>}
      </header>
      <section className="area__body" aria-label={title}>
        <EmptyState title={`${title} is on its way`} description="This part of Pressroom is being built. It will appear here as soon as it is ready." />
      </section>
    </div>
  );
}
