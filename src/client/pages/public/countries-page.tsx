import { cursorSearch } from '@/shared/paging';
import { AreaCard } from '../../components/public/area-card';
import { MapFigure } from '../../components/public/map-figure';
import { useHead } from '../../components/public/head';
import { Spinner } from '../../components/public/spinner';
import { EmptyMessage, PlainHero } from '../../components/public/page-sections';
import { Pager } from '../../components/public/pager';
import { formatCount } from '../../lib/format-count';
import { useLanguage, useUiText } from '../../lib/i18n';
import { usePageParams, type PageParams } from '../../lib/page-data';
import { countriesQuery, cursorOf, usePublicQuery } from '../../lib/public-queries';
import { worldMapQuery } from '../../lib/map-queries';

/** /{lang}/countries: the countries, a page at a time, and the world map. */
export const data = ({ lang, search }: PageParams) => ({
  countries: countriesQuery(lang, cursorOf(search)),
  map: worldMapQuery(lang),
});

export default function CountriesPage() {
  const lang = useLanguage();
  const t = useUiText();
  const params = usePageParams();
  const cursor = cursorOf(params.search);
  const queries = data(params);
  const countries = usePublicQuery(queries.countries);
  const items = countries.data?.items;
  const title = t('countries.title');

  useHead({
    title: t('meta.countries.title'),
    suffix: t('meta.title.suffix'),
    description: t('meta.countries.description'),
    keywords: [title, ...(items ?? []).map((c) => c.name)].join(', '),
    path: `countries${cursorSearch(cursor ?? '')}`,
    image: items?.[0]?.imageUrl,
  });

  return (
    <>
      <PlainHero>
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-6xl">{title}</h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-200">{t('countries.subtitle')}</p>
      </PlainHero>
      <section
        id="countries"
        tabIndex={-1}
        aria-label={title}
        className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8"
      >
        {countries.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : countries.data && countries.data.items.length > 0 ? (
          <>
            <MapFigure
              id={`map-${lang}-countries`}
              query={queries.map}
              caption={t('map.countriesCaption')}
              className="mb-12"
            />
            <ul className="card-grid">
              {countries.data.items.map((country, index) => (
                <AreaCard
                  key={country.id}
                  area={country}
                  index={index}
                  heading="h2"
                  counts={[
                    formatCount(t, lang, 'countries.cities', country.cityCount),
                    formatCount(t, lang, 'countries.places', country.placeCount),
                  ]}
                />
              ))}
            </ul>
            <Pager page={countries.data} path={`/${lang}/countries`} section="countries" />
          </>
        ) : (
          <EmptyMessage>{t('countries.empty')}</EmptyMessage>
        )}
      </section>
    </>
  );
}
