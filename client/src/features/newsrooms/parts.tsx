import type { NewsroomSummary } from '../../../../contracts/newsrooms/api.ts';
import { Button } from '../../ui/index.ts';

/** The newsroom's initials on its colour, where it has no logo. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return (words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : (words[0] ?? '?').slice(0, 2)).toUpperCase();
}

export function NewsroomCard({ newsroom, onEdit, onAnnounce }: { newsroom: NewsroomSummary; onEdit?: (() => void) | undefined; onAnnounce?: (() => void) | undefined }) {
  const colour = newsroom.brandColour ?? '#1d4ed8';
  return (
    <li className="newsroom-card" style={{ borderTopColor: colour }}>
      <div className="newsroom-card__brand">
        {newsroom.logo ? (
          <img className="newsroom-card__logo" src={newsroom.logo} alt="" />
        ) : (
          <span className="newsroom-card__logo newsroom-card__logo--initials" style={{ background: colour }} aria-hidden="true">
            {initialsOf(newsroom.name)}
          </span>
        )}
        <div>
          <h2 className="newsroom-card__name">
            <a href={`${import.meta.env.BASE_URL}newsrooms/${newsroom.slug}`}>{newsroom.name}</a>
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
