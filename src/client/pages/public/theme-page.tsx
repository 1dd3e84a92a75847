import { useParams } from 'react-router';
import type { ThemePageDto } from '@/shared/api/themes';
import { cursorSearch } from '@/shared/paging';
import { useHead } from '../../components/public/head';
import { Icon } from '../../components/public/icons';
import { MapFigure } from '../../components/public/map-figure';
import { EmptyMessage, NotFoundView, PlainHero, SectionHeading } from '../../components/public/page-sections';
import { Pager } from '../../components/public/pager';
import { PlaceGrid, PlaceGridSkeleton } from '../../components/public/place-card';
import { Spinner } from '../../components/public/spinner';
import { useLanguage, useUiText } from '../../lib/i18n';
import { SiteLink } from '../../lib/navigation';
import { usePageParams, type PageParams } from '../../lib/page-data';
import { cursorOf, usePublicQuery } from '../../lib/public-queries';
import { themeMapQuery, themePageQuery, themePlacesQuery } from '../../lib/theme-queries';

/** `?in=`: the city or country the theme's page is narrowed to. */
const inOf = (search: URLSearchParams) => search.get('in') || undefined;

/** /{lang}/themes/{theme}: a theme's places, newest first, a page at a time, and its map (of one city or country with `?in=`). */
export const data = ({ slug, lang, search }: PageParams) => ({
  theme: themePageQuery(slug, lang, inOf(search)),
  places: themePlacesQuery(slug, lang, inOf(search), cursorOf(search)),
  map: themeMapQuery(slug, lang, inOf(search)),
});

function ThemeHead({
  theme,
  title,
  image,
  cursor,
}: {
  theme: ThemePageDto;
  title: string;
  image?: string;
  cursor?: string;
}) {
  const t = useUiText();
  const where = theme.area ? `?in=${encodeURIComponent(theme.area.slug)}` : '';
  const paged = cursorSearch(cursor ?? '');
  useHead({
    title,
    suffix: t('meta.title.suffix'),
    description: t('themes.description', { theme: title }),
    keywords: [theme.name, theme.area?.name, t('themes.chips')].filter(Boolean).join(', '),
    path: `themes/${theme.slug}${where}${where && paged ? `&${paged.slice(1)}` : paged}`,
    image,
  });
  return null;
}

export default function ThemePage() {
  const lang = useLanguage();
  const t = useUiText();
  const { slug = '' } = useParams();
  const params = usePageParams(slug);
  const queries = data(params);
  const theme = usePublicQuery<ThemePageDto | null>(queries.theme);
  const places = usePublicQuery(queries.places);

  if (theme.isPending) return <Spinner label={t('common.loading')} />;
  if (!theme.data) return <NotFoundView title={t('themes.notFound')} />;
  const shown = theme.data;
  const title = shown.area ? t('themes.inArea', { theme: shown.name, area: shown.area.name }) : shown.name;
  const path = `/${lang}/themes/${shown.slug}${shown.area ? `?in=${encodeURIComponent(shown.area.slug)}` : ''}`;

  return (
    <>
      <ThemeHead theme={shown} title={title} image={places.data?.items[0]?.imageUrl} cursor={cursorOf(params.search)} />
      <PlainHero>
        <p className="inline-flex items-center gap-2 text-sm font-semibold tracking-wide text-brand-100 uppercase">
          <Icon name="map-pin" />
          {shown.area ? <SiteLink to={`/${lang}/${shown.area.slug}`}>{shown.area.name}</SiteLink> : t('themes.eyebrow')}
        </p>
        <h1 className="mt-3 text-4xl font-extrabold tracking-tight sm:text-6xl">{title}</h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-200">{t('themes.description', { theme: shown.name })}</p>
        {shown.area && (
          <p className="mt-4">
            <SiteLink to={`/${lang}/themes/${shown.slug}`} className="font-semibold underline">
              {t('themes.everywhere')}
            </SiteLink>
          </p>
        )}
      </PlainHero>
      <section id="places" tabIndex={-1} aria-labelledby="places-title" className="page-section">
        <SectionHeading id="places-title" title={t('cities.placesTitle')} />
        {places.isPending ? (
          <PlaceGridSkeleton label={t('common.loading')} />
        ) : places.data && places.data.items.length > 0 ? (
          <>
            <MapFigure
              id={`map-${lang}-theme-${shown.slug}-${shown.area?.slug ?? 'all'}`}
              query={queries.map}
              caption={t('themes.mapCaption')}
              className="mb-12"
            />
            <PlaceGrid places={places.data.items} />
            <Pager page={places.data} path={path} section="places" />
          </>
        ) : (
          <EmptyMessage>{t('themes.empty')}</EmptyMessage>
        )}
      </section>
    </>
  );
}
