import type { NewsroomSummary } from '../../../../contracts/newsrooms/api.ts';
import { Button } from '../../ui/index.ts';
import { DEFAULT_BRAND_COLOUR } from './form.ts';

/** The newsroom's initials on its colour, where it has no logo. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return (words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : (words[0] ?? '?').slice(0, 2)).toUpperCase();
}

/** A newsroom's public page: the server answers it (tags for previews), so links to it leave the router. */
export const newsroomPageUrl = (slug: string) => `${import.meta.env.BASE_URL}newsrooms/${slug}`;

const colourOf = (newsroom: Pick<NewsroomSummary, 'brandColour'>) => newsroom.brandColour ?? DEFAULT_BRAND_COLOUR;

/** The logo, or the initials on the brand colour; decorative, as the name is always beside it. */
export function NewsroomLogo({ newsroom, className }: { newsroom: Pick<NewsroomSummary, 'name' | 'logo' | 'brandColour'>; className: string }) {
  return newsroom.logo ? (
    <img className={className} src={newsroom.logo} alt="" />
  ) : (
    <span className={`${className} ${className}--initials`} style={{ background: colourOf(newsroom) }} aria-hidden="true">
      {initialsOf(newsroom.name)}
    </span>
  );
}

export function NewsroomCard({ newsroom, onEdit, onAnnounce }: { newsroom: NewsroomSummary; onEdit?: (() => void) | undefined; onAnnounce?: (() => void) | undefined }) {
  return (
    <li className="newsroom-card" style={{ borderTopColor: colourOf(newsroom) }}>
      <div className="newsroom-card__brand">
        <NewsroomLogo newsroom={newsroom} className="newsroom-card__logo" />
        <div>
          <h2 className="newsroom-card__name">
            <a href={newsroomPageUrl(newsroom.slug)}>{newsroom.name}</a>
          </h2>
          <p className="newsroom-card__company">{newsroom.company.name}</p>
        </div>
      </div>
      <p className="newsroom-card__facts">
        <span className={`status-chip ${newsroom.isPublic ? 'status-chip--published' : 'status-chip--draft'}`}>{newsroom.isPublic ? 'Public' : 'Private'}</span>
        <span>/newsrooms/{newsroom.slug}</span>
      </p>
      {(onEdit || onAnnounce) && (
        <div className="newsroom-card__actions">
          {onEdit && (
            <Button variant="secondary" size="sm" onClick={onEdit}>
              Edit<span className="visually-hidden"> {newsroom.name}</span>
            </Button>
          )}
          {onAnnounce && (
            <Button size="sm" onClick={onAnnounce}>
              Create announcement<span className="visually-hidden"> in {newsroom.name}</span>
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
