import type { ReactNode } from 'react';
import './PageHeader.css';

export type PageHeaderProps = {
  title: ReactNode;
  /** A line under the title: what the page is for, or who this is. */
  blurb?: ReactNode;
  /** What the page offers (create, import): beside the title, under it on a phone. */
  actions?: ReactNode;
};

/** The head of an area's page (interviews, contacts, tasks): its one h1, a line, its actions. */
export function PageHeader({ title, blurb, actions }: PageHeaderProps) {
  return (
    <header className="page-header">
      <div>
        <h1 className="page-header__title">{title}</h1>
        {blurb && <p className="page-header__blurb">{blurb}</p>}
      </div>
      {actions && <div className="page-header__actions">{actions}</div>}
    </header>
  );
}
