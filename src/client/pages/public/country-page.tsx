import type { TranslatedCountryDto } from '@/shared/api/public';
import { AreaHead } from '../../components/public/area-head';
import { AreaIntro } from '../../components/public/area-intro';
import { AreaCard } from '../../components/public/area-card';
import { useBreadcrumbTrail } from '../../components/public/breadcrumbs';
import { HighlightsSection } from '../../components/public/highlights';
import { MapDownloads } from '../../components/public/map-downloads';
import { MapFigure } from '../../components/public/map-figure';
import { Spinner } from '../../components/public/spinner';
import { EmptyMessage, SectionHeading } from '../../components/public/page-sections';
import { Pager } from '../../components/public/pager';
import { useLanguage, useUiText } from '../../lib/i18n';
import { usePageParams, type PageParams } from '../../lib/page-data';
import { citiesOfCountryQuery, countryQuery, cursorOf, usePublicQuery } from '../../lib/public-queries';
import { countryMapQuery } from '../../lib/map-queries';
import { highlightsQuery } from '../../lib/featured-queries';
import { AreaThemes } from '../../components/public/area-themes';
import { areaThemesQuery } from '../../lib/theme-queries';

/** /{lang}/{country}: the country, its cities a page at a time, and its map. */
export const data = ({ slug, lang, search }: PageParams) => ({
  country: countryQuery(slug, lang),
  cities: citiesOfCountryQuery(slug, lang, cursorOf(search)),
  map: countryMapQuery(slug, lang),
  highlights: highlightsQuery('country', slug, lang),
  themes: areaThemesQuery(slug, lang),
});

export default function CountryPage({ slug }: { slug: string }) {
  const lang = useLanguage();
  const t = useUiText();
  const queries = data(usePageParams(slug));
  const country = usePublicQuery<TranslatedCountryDto | null>(queries.country);
  const cities = usePublicQuery(queries.cities);
  const highlights = usePublicQuery(queries.highlights);
  const trail = useBreadcrumbTrail([country.data && { name: country.data.name, path: country.data.slug }]);

  if (country.isPending) return <Spinner label={t('common.loading')} />;
  // docs/product.md §2.4.4: an unknown country renders nothing on the country page.
  if (!country.data) return null;
  const shown = country.data;

  return (
    <>
      <AreaHead
        area={shown}
        title={shown.name}
        keywords={[shown.name, ...(cities.data?.items ?? []).map((c) => c.name), t('meta.home.keywords')]}
        trail={trail}
        feed={shown.slug}
      />
      <AreaIntro area={shown} trail={trail} listId="cities" listLabel={t('countries.exploreCities')} />
      <HighlightsSection highlights={highlights.data} id="highlights" />
      <AreaThemes query={queries.themes} name={shown.name} slug={shown.slug} />
      <section id="cities" tabIndex={-1} aria-labelledby="cities-title" className="page-section">
        <SectionHeading id="cities-title" title={t('countries.citiesTitle')} />
        <MapFigure
          id={`map-${lang}-country-${slug}`}
          query={queries.map}
          caption={t('map.citiesCaption', {
            country: shown.name,
          })}
          className="mx-auto mb-12 max-w-3xl"
        />
        {cities.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : cities.data && cities.data.items.length > 0 ? (
          <>
            <ul className="card-grid">
              {cities.data.items.map((city, index) => (
                <AreaCard key={city.id} area={city} index={index} />
              ))}
            </ul>
            <Pager page={cities.data} path={`/${lang}/${shown.slug}`} section="cities" />
            <MapDownloads slug={shown.slug} />
          </>
        ) : (
          <EmptyMessage>{t('cities.empty')}</EmptyMessage>
        )}
      </section>
    </>
  );
}
