import { useId, type ReactNode } from 'react';
import { Spinner } from '../../ui/Spinner.tsx';

/** One group of settings on a tab: a white card with its heading and a line saying what it is for. */
export function SettingsCard({ title, lead, children, actions }: { title: string; lead?: ReactNode; children: ReactNode; actions?: ReactNode }) {
  const id = useId();
  return (
    <section className="settings-section" aria-labelledby={id}>
      <div className="settings-section__head">
        <h2 id={id} className="settings-section__title">
          {title}
        </h2>
        {actions}
      </div>
      {lead && <p className="settings-section__lead">{lead}</p>}
      {children}
    </section>
  );
}

/** A tab whose data is on its way. */
export function SettingsLoading({ label }: { label: string }) {
  return (
    <div className="settings-loading">
      <Spinner label={`Loading ${label.toLowerCase()}`} />
    </div>
  );
}
