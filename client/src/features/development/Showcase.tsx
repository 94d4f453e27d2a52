import { Link } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import '../areas/areas.css';
import './development.css';

type ShowcaseProps = { title: string; blurb: string; children: ReactNode };

/** One development page: its title, what it shows, and the way back to the list of tools. */
export function Showcase({ title, blurb, children }: ShowcaseProps) {
  return (
    <div className="area dev-showcase">
      <header className="area__header">
        <nav aria-label="Breadcrumb">
          <Link to="/development" className="text-link dev-showcase__back">
            Development
          </Link>
        </nav>
        <h1 className="area__title">{title}</h1>
        <p className="area__blurb">{blurb}</p>
      </header>
      {children}
    </div>
  );
}

type SpecimenProps = { title: string; note?: string; children: ReactNode };

/** One specimen on a page: a titled card around the real component. */
export function Specimen({ title, note, children }: SpecimenProps) {
  const headingId = useId();
  return (
    <section className="area__body dev-specimen" aria-labelledby={headingId}>
      <h2 id={headingId} className="dev-specimen__title">
        {title}
      </h2>
      {note && <p className="dev-specimen__note">{note}</p>}
      {children}
    </section>
  );
}

type ReadoutProps = { label: string; children: ReactNode };

/** What a specimen holds now, said out loud as it changes. */
export function Readout({ label, children }: ReadoutProps) {
  return (
    <p className="dev-readout" role="status" aria-label={label}>
      <span className="dev-readout__label">{label}:</span> {children}
    </p>
  );
}
