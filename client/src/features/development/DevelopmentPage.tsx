import { Link } from '@tanstack/react-router';
import { useAtom } from 'jotai';
import { useId } from 'react';
import { developmentTools, type ViewMode } from '../../routes/meta.ts';
import { isAdmin, useCurrentUser } from '../session/currentUser.ts';
import { viewModeSettingAtom } from '../session/settings.ts';
import '../areas/areas.css';
import './development.css';

const modes: { value: ViewMode; label: string; text: string }[] = [
  { value: 'full', label: 'Full', text: 'Every area of the product.' },
  { value: 'mvp', label: 'MVP', text: 'What journalists and everyone else see: home, interviews, announcements and content.' },
];

type ToolPath = (typeof developmentTools)[number]['path'];

/** What each page of spec section 2's development routes shows. */
const toolTexts: Record<ToolPath, string> = {
  multiselect: 'Choosing several at once: who a post is for and its communities.',
  'img/selector': 'Choosing an image: uploaded at once, shown, replaced or taken off.',
  'img/cut': 'Cutting a picture to size, never below 33 px a side.',
  buttons: 'Buttons in every variant and state, with the pills, badges, tooltips and dialogs around them.',
  videoRecorder: 'Recording with the camera, then following the upload until it plays.',
  ckeditor: 'The rich-text editor, what it stores and how a post shows it.',
  newsroom: 'The create-newsroom and edit-newsroom modals.',
  hls: 'The HLS player with its quality menu.',
  'edit-community': 'Editing a community you manage: its name, address, images and who may join.',
};

/** Development hosts' tools, and admins' view-mode setting (spec section 6). */
export function DevelopmentPage() {
  const user = useCurrentUser();
  const [mode, setMode] = useAtom(viewModeSettingAtom);
  const legendId = useId();
  const toolsId = useId();
  return (
    <div className="area">
      <header className="area__header">
        <h1 className="area__title">Development</h1>
        <p className="area__blurb">The components of Pressroom on their own, working against this server. They exist on development hosts only.</p>
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
      <section className="area__body dev-section" aria-labelledby={toolsId}>
        <h2 id={toolsId} className="dev-section__title">
          Tools
        </h2>
        <ul className="dev-tools" aria-labelledby={toolsId}>
          {developmentTools.map((tool) => (
            <li key={tool.path}>
              <Link to={`/development/${tool.path}`} className="dev-tool">
                <span className="dev-tool__name">{tool.title}</span>
                <span className="dev-tool__text">{toolTexts[tool.path]}</span>
              </Link>
            </li>
          ))}
          <li>
            <Link to="/status" className="dev-tool">
              <span className="dev-tool__name">System status</span>
              <span className="dev-tool__text">The server&rsquo;s health, its processors and their lag.</span>
            </Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
