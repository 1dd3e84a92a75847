import { useLanguage, useUiText } from '../../lib/i18n';
import { SiteLink } from '../../lib/navigation';
import { countriesQuery, homePlacesQuery, usePublicQuery } from '../../lib/public-queries';
import { PlaceGrid } from './place-card';

/**
 * No dead end: under 'Page Not Found', the newest places and the countries, so a visitor who
 * followed an old link finds a way on (the server renders both with the page).
 */
export function NotFoundSuggestions() {
  const lang = useLanguage();
  const t = useUiText();
  const places = usePublicQuery(homePlacesQuery(lang)).data?.items.slice(0, 6) ?? [];
  const countries = usePublicQuery(countriesQuery(lang)).data?.items ?? [];
  if (places.length === 0 && countries.length === 0) return null;
  return (
    <div className="page-section space-y-14">
      {places.length > 0 && (
        <section aria-labelledby="not-found-places">
          <h2 id="not-found-places" className="section-title mb-8">
            {t('places.title')}
          </h2>
          <PlaceGrid places={places} />
        </section>
      )}
      {countries.length > 0 && (
        <section aria-labelledby="not-found-countries">
          <h2 id="not-found-countries" className="section-title mb-6">
            {t('nav.countries')}
          </h2>
          <ul className="flex flex-wrap gap-3">
            {countries.map((country) => (
              <li key={country.id}>
                <SiteLink to={`/${lang}/${country.slug}`} className="chip-link">
                  {country.name}
                </SiteLink>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
