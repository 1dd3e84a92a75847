import { useSearchParams } from 'react-router';
import type { TranslatedCityDto } from '@/shared/api/public';
import { cityAndCountry } from '@/shared/punctuation';
import { AreaHead } from '../../components/public/area-head';
import { AreaIntro } from '../../components/public/area-intro';
import { useBreadcrumbTrail } from '../../components/public/breadcrumbs';
import { Icon } from '../../components/public/icons';
import { Spinner } from '../../components/public/spinner';
import { EmptyMessage, NotFoundView, SectionHeading } from '../../components/public/page-sections';
import { Pager } from '../../components/public/pager';
import { PlaceGrid, PlaceGridSkeleton } from '../../components/public/place-card';
import { useLanguage, useTranslate } from '../../lib/i18n';
import { SiteLink } from '../../lib/navigation';
import { cityQuery, cursorOf, placesOfCityQuery, usePublicQuery } from '../../lib/public-queries';

function CityNotFound() {
  const t = useTranslate();
  return <NotFoundView title={t('cities.notFound.title')} text={t('cities.notFound.text')} />;
}

export default function CityPage({ slug }: { slug: string }) {
  const lang = useLanguage();
  const t = useTranslate();
  const city = usePublicQuery<TranslatedCityDto | null>(cityQuery(slug, lang));
  const [search] = useSearchParams();
  const cursor = cursorOf(search);
  const places = usePublicQuery(placesOfCityQuery(slug, lang, cursor));
  const trail = useBreadcrumbTrail([
    city.data?.countrySlug && { name: city.data.country, path: city.data.countrySlug },
    city.data && { name: city.data.name, path: city.data.slug },
  ]);

  if (city.isPending) return <Spinner label={t('common.loading')} />;
  if (!city.data) return <CityNotFound />;
  const data = city.data;

  return (
    <>
      <AreaHead
        area={data}
        title={cityAndCountry(lang, data.name, data.country)}
        keywords={[data.name, data.country, ...(places.data?.items ?? []).map((p) => p.title)]}
        cursor={cursor}
        trail={trail}
      />
      <AreaIntro
        area={data}
        trail={trail}
        eyebrow={
          <>
            <Icon name="map-pin" />
            {data.countrySlug ? <SiteLink to={`/${lang}/${data.countrySlug}`}>{data.country}</SiteLink> : data.country}
          </>
        }
        listId="places"
        listLabel={t('cities.explorePlaces')}
        aboutTitle={t('countries.aboutTitle', { name: data.name })}
      />
      <section id="places" tabIndex={-1} aria-labelledby="places-title" className="page-section">
        <SectionHeading id="places-title" title={t('cities.placesTitle')} />
        {places.isPending ? (
          <PlaceGridSkeleton label={t('common.loading')} />
        ) : places.data && places.data.items.length > 0 ? (
          <>
            <PlaceGrid places={places.data.items} />
            <Pager page={places.data} path={`/${lang}/${data.slug}`} section="places" />
          </>
        ) : (
          <EmptyMessage>{t('cities.placesEmpty')}</EmptyMessage>
        )}
      </section>
    </>
  );
}
