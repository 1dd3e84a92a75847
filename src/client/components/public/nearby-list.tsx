import type { NearbyPlaceDto } from '@/shared/api/nearby';
import { NEARBY_FEW, NEARBY_RADIUS_M } from '@/shared/limits';
import { localeFor, type LanguageCode } from '@/shared/languages';
import { cityAndCountry } from '@/shared/punctuation';
import { useLanguage, useUiText } from '../../lib/i18n';
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

/** The country page a place page offers when few places are near, in the page's language. */
export interface CountryLink {
  slug: string;
  name: string;
}

/**
 * The places within NEARBY_RADIUS_M of this one, nearest first, each with how far it is. With
 * fewer than NEARBY_FEW of them, a link to the rest of the country stands in for far places.
 */
export function NearbyList({ places, country }: { places: NearbyPlaceDto[]; country: CountryLink | undefined }) {
  const lang = useLanguage();
  const t = useUiText();
  return (
    <>
      {places.length === 0 && (
        <p className="text-slate-600">
          {t('placeDetail.nearbyNone', { distance: formatDistance(NEARBY_RADIUS_M, lang) })}
        </p>
      )}
      {places.length > 0 && <NearestPlaces places={places} />}
      {places.length < NEARBY_FEW && country && (
        <p className="mt-4">
          <SiteLink to={`/${lang}/${country.slug}`} className="map-link">
            {t('placeDetail.moreInCountry', { country: country.name })}
          </SiteLink>
        </p>
      )}
    </>
  );
}

export function NearestPlaces({ places }: { places: NearbyPlaceDto[] }) {
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
                {cityAndCountry(lang, place.location, place.country)}
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
