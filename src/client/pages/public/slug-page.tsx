import { lazy, Suspense, type ReactNode } from 'react';
import { useParams } from 'react-router';
import type { CityDto, CountryDto } from '@/shared/api/public';
import { HydratedMark } from '../../components/public/hydrated-mark';
import { NOT_FOUND_PAGE } from '../../components/public/not-found-suggestions';
import { Spinner } from '../../components/public/spinner';
import { useUiText } from '../../lib/i18n';
import { prefetchPage, type Load, type PageParams } from '../../lib/page-data';
import { cityCheckQuery, countryCheckQuery, usePublicQuery } from '../../lib/public-queries';

/**
 * /{lang}/{slug} is a country with that slug, else a city, else a place (docs/product.md §2.1):
 * the order, written once, for the server's prefetch and the page below. Each kind of page is its
 * own chunk, so a visitor downloads only the code of the page in front of them; the server waits
 * for it before answering, so the HTML is always complete.
 */
const COUNTRY = { check: countryCheckQuery, module: () => import('./country-page') };
const CITY = { check: cityCheckQuery, module: () => import('./city-page') };
const PLACE = { module: () => import('./place-page') };

const CountryPage = lazy(COUNTRY.module);
const CityPage = lazy(CITY.module);
const PlacePage = lazy(PLACE.module);

/** What the server loads for an address: the page it turns out to be, or the not-found suggestions. */
export async function prefetch(params: PageParams, load: Load): Promise<void> {
  for (const kind of [COUNTRY, CITY]) {
    if (await load(kind.check(params.slug))) return prefetchPage(await kind.module(), params, load);
  }
  const place = await PLACE.module();
  if (await place.prefetch(params, load)) return;
  // none of them: the not-found page, with its suggestions
  await prefetchPage(NOT_FOUND_PAGE, params, load);
}

/** `slug` when the address is not a route parameter (a footer page's address that the site does not serve). */
export default function SlugPage({ slug: given }: { slug?: string }) {
  const { slug: param = '' } = useParams();
  const slug = given ?? param;
  const t = useUiText();
  const country = usePublicQuery<CountryDto | null>(COUNTRY.check(slug));
  const noCountry = country.data === null || country.isError;
  const city = usePublicQuery<CityDto | null>(CITY.check(slug), { enabled: noCountry });

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
