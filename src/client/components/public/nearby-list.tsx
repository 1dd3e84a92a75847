import type { NearbyPlaceDto } from '@/shared/api/nearby';
import { localeFor, type LanguageCode } from '@/shared/languages';
import { useLanguage } from '../../lib/i18n';
import { keptFormatter } from '../../lib/intl';
import { SiteLink } from '../../lib/navigation';
import { ResponsiveImage } from './responsive-image';

/** A distance as the language writes it: "850 m", "2.3 km" (en), "2,3 km" (de). */
export function formatDistance(meters: number, lang: LanguageCode): string {
  // 995 m and more round to "1 km" rather than "1,000 m"
  const unit = meters < 995 ? 'meter' : 'kilometer';
  const format = keptFormatter(
    `${lang} distance ${unit}`,
    () => new Intl.NumberFormat(localeFor(lang), { style: 'unit', unit, maximumFractionDigits: 1 }),
  );
  return format.format(unit === 'meter' ? Math.round(meters / 10) * 10 : meters / 1000);
}

/** The places nearest to this one, nearest first, each with how far it is. */
export function NearbyList({ places }: { places: NearbyPlaceDto[] }) {
  const lang = useLanguage();
  return (
    <ol className="grid gap-3 sm:grid-cols-2">
      {places.map((place) => (
        <li key={place.id}>
          <SiteLink to={`/${lang}/${place.slug ?? place.id}`} className="nearby-link">
            <ResponsiveImage
              src={place.imageUrl}
              alt=""
              sizes="96px"
              className="h-16 w-20 shrink-0 rounded-lg object-cover"
            />
            <span className="min-w-0 flex-1">
              <span
                className="block font-semibold text-slate-900 [overflow-wrap:anywhere]"
                lang={place.languageCode !== lang ? place.languageCode : undefined}
              >
                {place.title}
              </span>
              <span className="block text-sm text-slate-600">
                {place.location}, {place.country}
              </span>
            </span>
            <span className="shrink-0 text-sm font-medium tabular-nums text-brand-800">
              {formatDistance(place.distanceMeters, lang)}
            </span>
          </SiteLink>
        </li>
      ))}
    </ol>
  );
}
