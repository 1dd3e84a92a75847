import type { TranslatedCityDto } from '@/shared/api/public';
import { cityAndCountry } from '@/shared/punctuation';
import { AreaHead } from '../../components/public/area-head';
import { AreaIntro } from '../../components/public/area-intro';
import { useBreadcrumbTrail } from '../../components/public/breadcrumbs';
import { HighlightsSection } from '../../components/public/highlights';
import { Icon } from '../../components/public/icons';
import { Spinner } from '../../components/public/spinner';
import { EmptyMessage, NotFoundView, SectionHeading } from '../../components/public/page-sections';
import { MapDownloads } from '../../components/public/map-downloads';
import { Pager } from '../../components/public/pager';
import { PlaceGrid, PlaceGridSkeleton } from '../../components/public/place-card';
import { useLanguage, useUiText } from '../../lib/i18n';
import { SiteLink } from '../../lib/navigation';
import { usePageParams, type PageParams } from '../../lib/page-data';
import { cityQuery, cursorOf, placesOfCityQuery, usePublicQuery } from '../../lib/public-queries';
import { highlightsQuery } from '../../lib/featured-queries';
import { AreaThemes } from '../../components/public/area-themes';
import { areaThemesQuery } from '../../lib/theme-queries';

/** /{lang}/{city}: the city and its places, a page at a time. */
export const data = ({ slug, lang, search }: PageParams) => ({
  city: cityQuery(slug, lang),
  places: placesOfCityQuery(slug, lang, cursorOf(search)),
  highlights: highlightsQuery('city', slug, lang),
  themes: areaThemesQuery(slug, lang),
});

function CityNotFound() {
  const t = useUiText();
  return <NotFoundView title={t('cities.notFound.title')} text={t('cities.notFound.text')} />;
}

export default function CityPage({ slug }: { slug: string }) {
  const lang = useLanguage();
  const t = useUiText();
  const queries = data(usePageParams(slug));
  const city = usePublicQuery<TranslatedCityDto | null>(queries.city);
  const places = usePublicQuery(queries.places);
  const highlights = usePublicQuery(queries.highlights);
  const pinned = highlights.data?.places.length ?? 0;
  const trail = useBreadcrumbTrail([
    city.data?.countrySlug && { name: city.data.country, path: city.data.countrySlug },
    city.data && { name: city.data.name, path: city.data.slug },
  ]);

  if (city.isPending) return <Spinner label={t('common.loading')} />;
  if (!city.data) return <CityNotFound />;
  const shown = city.data;

  return (
    <>
      <AreaHead
        area={shown}
        title={cityAndCountry(lang, shown.name, shown.country)}
        keywords={[shown.name, shown.country, ...(places.data?.items ?? []).map((p) => p.title)]}
        trail={trail}
      />
      <AreaIntro
        area={shown}
        trail={trail}
        eyebrow={
          <>
            <Icon name="map-pin" />
            {shown.countrySlug ? (
              <SiteLink to={`/${lang}/${shown.countrySlug}`}>{shown.country}</SiteLink>
            ) : (
              shown.country
            )}
          </>
        }
        listId="places"
        listLabel={t('cities.explorePlaces')}
      />
      {/* the owner's highlights come first, and the list below leaves them out (decision 044) */}
      <HighlightsSection highlights={highlights.data} id="highlights" />
      <AreaThemes query={queries.themes} name={shown.name} slug={shown.slug} />
      <section id="places" tabIndex={-1} aria-labelledby="places-title" className="page-section">
        <SectionHeading id="places-title" title={t('cities.placesTitle')} />
        {places.isPending ? (
          <PlaceGridSkeleton label={t('common.loading')} />
        ) : places.data && (places.data.items.length > 0 || pinned > 0) ? (
          <>
            {places.data.items.length > 0 && <PlaceGrid places={places.data.items} />}
            <Pager page={places.data} path={`/${lang}/${shown.slug}`} section="places" />
            <MapDownloads slug={shown.slug} />
          </>
        ) : (
          <EmptyMessage>{t('cities.placesEmpty')}</EmptyMessage>
        )}
      </section>
    </>
  );
}
