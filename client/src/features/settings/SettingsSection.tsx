import { EmptyState } from '../../ui/EmptyState.tsx';
import { useRouteMeta } from '../layout/useRouteMeta.ts';

/** A settings section whose form comes later: its title and an honest word that it is on its way. */
export function SettingsSection() {
  const title = useRouteMeta()?.title ?? 'Settings';
  return (
    <section className="settings-section" aria-labelledby="settings-section-title">
      <h2 id="settings-section-title" className="settings-section__title">
        {title}
      </h2>
      <EmptyState title={`${title} are on their way`} description="This section of your settings is being built. It will appear here as soon as it is ready." />
    </section>
  );
}
