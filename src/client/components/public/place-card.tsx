import type { PlaceCardDto } from '@/shared/api/public';
import { cityAndCountry } from '@/shared/punctuation';
import { formatDate, isoDate } from '../../lib/format-date';
import { englishIf, useLanguage, useUiText } from '../../lib/i18n';
import { Icon } from './icons';
import { ResponsiveImage } from './responsive-image';
import { SaveToggleIsland } from '../../islands/save-toggle-island';
import { SiteLink } from '../../lib/navigation';

export const CARD_SIZES = '(min-width: 1280px) 400px, (min-width: 768px) 50vw, 100vw';

/** The shared place card (docs/product.md §2.4.7): image, title, short description, 'location, country', date. */
export function PlaceCard({ place, index = 0 }: { place: PlaceCardDto; index?: number }) {
  const lang = useLanguage();
  const href = `/${lang}/${place.slug ?? place.id}`;
  return (
    <li className="reveal relative" style={{ animationDelay: `${index * 0.1}s` }}>
      <SiteLink to={href} className="group place-card">
        <div className="place-card-media">
          <ResponsiveImage
            src={place.imageUrl}
            alt={place.description || place.title}
            sizes={CARD_SIZES}
            className="card-image"
          />
        </div>
        <div className="place-card-body">
          <h3 className="place-card-title" lang={englishIf(place.englishFields, 'title')}>
            {place.title}
          </h3>
          <p className="place-card-text" lang={englishIf(place.englishFields, 'description')}>
            {place.description}
          </p>
          <div className="place-card-meta">
            <span className="inline-flex items-center gap-1.5">
              <Icon name="map-pin" size={16} className="text-brand-700" />
              {cityAndCountry(lang, place.location, place.country)}
            </span>
            <PhotoDate date={place.date} />
          </div>
        </div>
      </SiteLink>
      <SaveToggleIsland place={place} className="save-toggle" />
    </li>
  );
}

/**
 * A card's date, said for what it is: "Photo taken May 1, 2024" (the place's date is its photo's),
 * machine-readable in `<time datetime>`; a value that is not a date is shown as written.
 */
export function PhotoDate({ date }: { date: string }) {
  const lang = useLanguage();
  const t = useUiText();
  const iso = isoDate(date);
  const label = t('card.photoTaken', { date: formatDate(date, lang) });
  const className = 'inline-flex items-center gap-1.5';
  const icon = <Icon name="calendar" size={16} className="text-brand-700" />;
  // <time> without datetime must hold a valid date itself: a label around it would not be one
  return iso ? (
    <time dateTime={iso} className={className}>
      {icon}
      {label}
    </time>
  ) : (
    <span className={className}>
      {icon}
      {label}
    </span>
  );
}

/** A grid of place cards revealed one after another (0.1 s apart). */
export function PlaceGrid({ places, label }: { places: PlaceCardDto[]; label?: string }) {
  return (
    <ul className="card-grid" aria-label={label}>
      {places.map((place, index) => (
        <PlaceCard key={place.id} place={place} index={index} />
      ))}
    </ul>
  );
}

/** A card's title and two lines of summary, as grey bars. */
const SKELETON_LINES = ['h-5 w-2/3 bg-slate-200', 'h-4 w-full bg-slate-100', 'h-4 w-5/6 bg-slate-100'];

/** Six placeholder cards while the places load during a client-side navigation. */
export function PlaceGridSkeleton({ label }: { label: string }) {
  return (
    <ul className="card-grid" aria-busy="true" aria-label={label}>
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i} data-testid="place-skeleton" className="panel-flat">
          <div className="aspect-[4/3] animate-pulse bg-slate-200" />
          <div className="space-y-3 p-5">
            {SKELETON_LINES.map((line) => (
              <div key={line} className={`animate-pulse rounded ${line}`} />
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}
