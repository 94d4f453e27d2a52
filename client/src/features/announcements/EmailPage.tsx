import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { DEFAULT_TIMEZONE, formatDate } from '../../lib/format/index.ts';
import { Segmented, Spinner } from '../../ui/index.ts';
import { useCurrentUser } from '../session/currentUser.ts';
import { AnnouncementLoadFailure, ViewTabs } from './parts.tsx';
import { useAnnouncementsLive, useEmailVersion } from './queries.ts';
import './announcements.css';

type Part = 'html' | 'text';
type Width = 'desktop' | 'mobile';

/** The email is laid out for 600 pixels; 375 is a common phone's width. */
const WIDTHS: Record<Width, { label: string; pixels: number }> = {
  desktop: { label: 'Desktop', pixels: 600 },
  mobile: { label: 'Mobile', pixels: 375 },
};
const WIDTH_OPTIONS = (['desktop', 'mobile'] as const).map((value) => ({ value, label: `${WIDTHS[value].label} (${WIDTHS[value].pixels} px)` }));
const PARTS: { value: Part; label: string }[] = [
  { value: 'html', label: 'HTML' },
  { value: 'text', label: 'Plain text' },
];

/**
 * `announcements/{id}/email`: the email version as a recipient would get it, for its newsroom's
 * people. The HTML part sits in a sandboxed frame with nothing allowed (no scripts, forms, pop-ups
 * or same-origin access), so the email can do nothing to the app; its links stand in for each
 * recipient's own, and looking counts nothing.
 */
export function EmailPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const user = useCurrentUser();
  const timezone = user?.timezone || DEFAULT_TIMEZONE;
  const email = useEmailVersion(Number(id));
  useAnnouncementsLive();
  const [part, setPart] = useState<Part>('html');
  const [width, setWidth] = useState<Width>('desktop');

  if (email.isPending) return <Spinner label="Loading the email version" />;
  if (email.isError) return <AnnouncementLoadFailure error={email.error} retry={() => void email.refetch()} />;
  const { subject, from, html, text, embargoUntil } = email.data;
  const pixels = WIDTHS[width].pixels;

  return (
    <div className="announcement-hub email-view">
      <header className="announcement-hub__header">
        <h1 className="announcement-hub__headline">Email version</h1>
        <p className="announcement-hub__subtitle">What each recipient gets. Its links stand in for their own, and looking at it here counts as nothing in the numbers.</p>
        <ViewTabs id={id} current="email" />
      </header>

      <dl className="email-view__envelope">
        <dt>Subject</dt>
        <dd>{subject || <span className="email-view__missing">No subject yet: give the announcement a headline.</span>}</dd>
        <dt>From</dt>
        <dd>{from}</dd>
      </dl>
      {embargoUntil && (
        <p className="announcement-web__banner announcement-web__banner--embargo">Goes out under embargo until {formatDate(embargoUntil, 'longDateTime', timezone)}: the email says so at its top.</p>
      )}

      <div className="email-view__controls">
        <Segmented label="Part of the email" options={PARTS} value={part} onChange={setPart} />
        <Segmented label="Width" options={WIDTH_OPTIONS} value={width} onChange={setWidth} />
      </div>

      <div className="email-view__stage">
        {part === 'html' ? (
          <iframe className="email-view__frame" title={`The email’s HTML part, ${WIDTHS[width].label.toLowerCase()} width`} sandbox="" srcDoc={html} style={{ width: pixels }} />
        ) : (
          <pre className="email-view__text" style={{ width: pixels }} role="region" aria-label="The email’s plain-text part" tabIndex={0}>
            {text}
          </pre>
        )}
      </div>
    </div>
  );
}
