import { useSearchParams } from 'react-router';
import type { TranslatedCountryDto } from '@/shared/api/public';
import { AreaHead } from '../../components/public/area-head';
import { AreaIntro } from '../../components/public/area-intro';
import { AreaCard } from '../../components/public/area-card';
import { useBreadcrumbTrail } from '../../components/public/breadcrumbs';
import { MapFigure } from '../../components/public/map-figure';
import { Spinner } from '../../components/public/spinner';
import { EmptyMessage, SectionHeading } from '../../components/public/page-sections';
import { Pager } from '../../components/public/pager';
import { englishIf, useLanguage, useTranslate } from '../../lib/i18n';
import { citiesOfCountryQuery, countryQuery, cursorOf, usePublicQuery } from '../../lib/public-queries';
import { countryMapQuery } from '../../lib/map-queries';

export default function CountryPage({ slug }: { slug: string }) {
  const lang = useLanguage();
  const t = useTranslate();
  const country = usePublicQuery<TranslatedCountryDto | null>(countryQuery(slug, lang));
  const [search] = useSearchParams();
  const cursor = cursorOf(search);
  const cities = usePublicQuery(citiesOfCountryQuery(slug, lang, cursor));
  const trail = useBreadcrumbTrail([country.data && { name: country.data.name, path: country.data.slug }]);

  if (country.isPending) return <Spinner label={t('common.loading')} />;
  // Spec: an unknown country renders nothing on the country page.
  if (!country.data) return null;
  const data = country.data;

  return (
    <>
      <AreaHead
        area={data}
        title={data.name}
        keywords={[data.name, ...(cities.data?.items ?? []).map((c) => c.name), t('meta.home.keywords')]}
        cursor={cursor}
        trail={trail}
      />
      <AreaIntro
        area={data}
        trail={trail}
        listId="cities"
        listLabel={t('countries.exploreCities')}
        aboutTitle={t('countries.aboutTitle', { name: data.name })}
      />
      <section id="cities" tabIndex={-1} aria-labelledby="cities-title" className="page-section">
        <SectionHeading id="cities-title" title={t('countries.citiesTitle')} />
        <MapFigure
          id={`map-${lang}-country-${slug}`}
          query={countryMapQuery(slug, lang)}
          caption={t('map.citiesCaption', {
            country: data.name,
          })}
          className="mx-auto mb-12 max-w-3xl"
        />
        {cities.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : cities.data && cities.data.items.length > 0 ? (
          <>
            <ul className="card-grid">
              {cities.data.items.map((city, index) => (
                <AreaCard
                  key={city.id}
                  href={`/${lang}/${city.slug}`}
                  name={city.name}
                  country={city.country}
                  description={city.description}
                  descriptionLang={englishIf(city.englishFields, 'description')}
                  imageUrl={city.imageUrl}
                  index={index}
                />
              ))}
            </ul>
            <Pager page={cities.data} path={`/${lang}/${data.slug}`} section="cities" />
          </>
        ) : (
          <EmptyMessage>{t('cities.empty')}</EmptyMessage>
        )}
      </section>
    </>
  );
}
