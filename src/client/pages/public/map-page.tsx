import type { ThemeDto } from '@/shared/api/themes';
import { mapViewSearch, parseMapView, WORLD_VIEW } from '@/shared/map-view';
import { themeBySlug } from '@/shared/themes';
import { useHead } from '../../components/public/head';
import { EmptyMessage, PlainHero } from '../../components/public/page-sections';
import { PlacesMapFigure } from '../../components/public/places-map-figure';
import { Spinner } from '../../components/public/spinner';
import { PlacesMapIsland } from '../../islands/public-islands';
import { formatCount } from '../../lib/format-count';
import { useUiText } from '../../lib/i18n';
import { everyPlaceMapQuery } from '../../lib/map-queries';
import { SiteLink } from '../../lib/navigation';
import { usePageParams, type PageParams } from '../../lib/page-data';
import { siteSettingsQuery, usePublicQuery } from '../../lib/public-queries';
import { themesQuery } from '../../lib/theme-queries';

/** The view an address asks for (`?z=&x=&y=`); any other spelling shows the whole world. */
const viewOf = (search: URLSearchParams) =>
  parseMapView({ z: search.get('z'), x: search.get('x'), y: search.get('y') }) ?? WORLD_VIEW;

/** The theme an address narrows the map to (`?theme=`); an unknown one shows every place. */
const themeOf = (search: URLSearchParams) => themeBySlug(search.get('theme') ?? '')?.slug;

/**
 * /{lang}/map: every published place on one map, grouped per zoom step, or one theme's places
 * (`?theme=`; docs/product.md §2.4.14).
 */
export const data = ({ lang, search }: PageParams) => ({
  map: everyPlaceMapQuery(lang, viewOf(search), themeOf(search)),
  themes: themesQuery(lang),
});

/** "All places" and a link per theme with places: each shows the map of those places, in the same view. */
function ThemeFilter({ themes, chosen }: { themes: readonly ThemeDto[]; chosen: string | undefined }) {
  const t = useUiText();
  const { lang } = usePageParams();
  const shown = themes.filter((theme) => theme.count > 0);
  if (shown.length === 0) return null;
  const choices = [{ slug: undefined, name: t('map.allPlaces') }, ...shown];
  return (
    <nav aria-label={t('map.showThemes')} className="mb-6">
      <ul className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <li key={choice.slug ?? ''}>
            <SiteLink
              to={`/${lang}/map${mapViewSearch(WORLD_VIEW, choice.slug)}#map`}
              aria-current={choice.slug === chosen ? 'page' : undefined}
              className="theme-filter"
            >
              {choice.name}
            </SiteLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function MapPage() {
  const t = useUiText();
  const params = usePageParams();
  const { lang } = params;
  const view = viewOf(params.search);
  const theme = themeOf(params.search);
  const queries = data(params);
  const map = usePublicQuery(queries.map);
  const themes = usePublicQuery(queries.themes).data ?? [];
  const themeName = theme ? themes.find((one) => one.slug === theme)?.name : undefined;
  const styleUrl = usePublicQuery(siteSettingsQuery()).data?.mapStyleUrl;
  const title = themeName ? t('map.themeTitle', { theme: themeName }) : t('map.title');

  useHead({
    title,
    suffix: t('meta.title.suffix'),
    description: t('meta.map.description'),
    keywords: [title, t('nav.countries')].join(', '),
    path: `map${mapViewSearch(view, theme)}`,
  });

  return (
    <>
      <PlainHero>
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-6xl">{title}</h1>
        {map.data && map.data.total > 0 ? (
          <p className="mt-4 max-w-3xl text-lg text-slate-200">
            {t('map.subtitle', { places: formatCount(t, lang, 'countries.places', map.data.total) })}
          </p>
        ) : null}
      </PlainHero>
      <section id="map" tabIndex={-1} aria-label={title} className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <ThemeFilter themes={themes} chosen={theme} />
        {map.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : map.data && map.data.total > 0 ? (
          <>
            <PlacesMapFigure map={map.data}>
              {/* only where the operator serves tiles: no island (and no script) for it otherwise */}
              {styleUrl ? <PlacesMapIsland view={view} theme={theme ?? null} /> : null}
            </PlacesMapFigure>
          </>
        ) : (
          <EmptyMessage>{t('map.empty')}</EmptyMessage>
        )}
      </section>
    </>
  );
}
