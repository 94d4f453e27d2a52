import { Link } from '@tanstack/react-router';
import { useAtom } from 'jotai';
import { useId } from 'react';
import { developmentTools, type ViewMode } from '../../routes/meta.ts';
import { isAdmin, useCurrentUser } from '../session/currentUser.ts';
import { viewModeSettingAtom } from '../session/settings.ts';
import '../areas/areas.css';

const modes: { value: ViewMode; label: string; text: string }[] = [
  { value: 'full', label: 'Full', text: 'Every area of the product.' },
  { value: 'mvp', label: 'MVP', text: 'What journalists and everyone else see: home, interviews, announcements and content.' },
];

/** Development hosts' tools, and admins' view-mode setting (spec section 6). */
export function DevelopmentPage() {
  const user = useCurrentUser();
  const [mode, setMode] = useAtom(viewModeSettingAtom);
  const legendId = useId();
  return (
    <div className="area">
      <header className="area__header">
        <h1 className="area__title">Development</h1>
        <p className="area__blurb">Tools of this development host. They do not exist in production.</p>
      </header>
      {user && isAdmin(user) && (
        <section className="area__body dev-section" aria-labelledby={legendId}>
          <h2 id={legendId} className="dev-section__title">
            View mode
          </h2>
          <div role="radiogroup" aria-labelledby={legendId} className="dev-modes">
            {modes.map((option) => (
              <label key={option.value} className="dev-mode">
                <input type="radio" name="view-mode" value={option.value} checked={mode === option.value} onChange={() => setMode(option.value)} />
                <span>
                  <strong>{option.label}</strong> {option.text}
                </span>
              </label>
            ))}
          </div>
        </section>
      )}
      <section className="area__body dev-section" aria-labelledby="dev-tools-title">
        <h2 id="dev-tools-title" className="dev-section__title">
          Tools
        </h2>
        <ul className="dev-tools">
          <li>
            <Link to="/status" className="text-link">
              System status
            </Link>
          </li>
          {developmentTools.map((tool) => (
            <li key={tool.path}>
              <Link to={`/development/${tool.path}`} className="text-link">
                {tool.title}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
