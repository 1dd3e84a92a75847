import { lazy, Suspense, type ReactNode } from 'react';
import { useParams } from 'react-router';
import type { CityDto, CountryDto } from '@/shared/api/public';
import { HydratedMark } from '../../components/public/hydrated-mark';
import { Spinner } from '../../components/public/spinner';
import { useTranslate } from '../../lib/i18n';
import { cityCheckQuery, countryCheckQuery, usePublicQuery } from '../../lib/public-queries';

// Each kind of page is its own chunk, so a visitor downloads only the code of the page in front of
// them. The server waits for these before answering, so the HTML is always complete.
const CountryPage = lazy(() => import('./country-page'));
const CityPage = lazy(() => import('./city-page'));
const PlacePage = lazy(() => import('./place-page'));

/**
 * /{lang}/{slug}: a country with that slug, else a city, else a place (spec 4). `slug` when the
 * address is not a route parameter (a footer page's address that the site does not serve).
 */
export default function SlugPage({ slug: given }: { slug?: string }) {
  const { slug: param = '' } = useParams();
  const slug = given ?? param;
  const t = useTranslate();
  const country = usePublicQuery<CountryDto | null>(countryCheckQuery(slug));
  const noCountry = country.data === null || country.isError;
  const city = usePublicQuery<CityDto | null>(cityCheckQuery(slug), { enabled: noCountry });

  const spinner = <Spinner label={t('common.loading')} />;
  let page: ReactNode;
  if (country.data) page = <CountryPage key={slug} slug={slug} />;
  else if (!noCountry) return spinner;
  else if (city.data) page = <CityPage key={slug} slug={slug} />;
  else if (city.isPending) return spinner;
  else page = <PlacePage key={slug} slug={slug} />;
  return (
    <Suspense fallback={spinner}>
      {page}
      <HydratedMark />
    </Suspense>
  );
}
