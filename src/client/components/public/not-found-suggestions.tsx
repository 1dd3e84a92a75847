import { useLanguage, useUiText } from '../../lib/i18n';
import { SiteLink } from '../../lib/navigation';
import type { PageModule, PageParams } from '../../lib/page-data';
import { countriesQuery, homePlacesQuery, usePublicQuery } from '../../lib/public-queries';
import { PlaceGrid } from './place-card';

/**
 * The not-found page's data, the suggestions below: the server loads it for any address that is no
 * page (pages/public/public-routes.ts) and for a slug that is no country, city or place
 * (pages/public/slug-page.tsx).
 */
export const NOT_FOUND_PAGE = {
  data: ({ lang }: Pick<PageParams, 'lang'>) => ({ places: homePlacesQuery(lang), countries: countriesQuery(lang) }),
} satisfies PageModule;

/**
 * No dead end: under 'Page Not Found', the newest places and the countries, so a visitor who
 * followed an old link finds a way on (the server renders both with the page).
 */
export function NotFoundSuggestions() {
  const lang = useLanguage();
  const t = useUiText();
  const queries = NOT_FOUND_PAGE.data({ lang });
  const places = usePublicQuery(queries.places).data?.items.slice(0, 6) ?? [];
  const countries = usePublicQuery(queries.countries).data?.items ?? [];
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
