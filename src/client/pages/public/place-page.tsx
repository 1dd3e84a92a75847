import type { ReactNode } from 'react';
import type { GalleryImageDto, PlaceDto, TranslatedFactsDto, TranslatedHistoryDto } from '@/shared/api/public';
import type { NearbyPlaceDto } from '@/shared/api/nearby';
import { comma } from '@/shared/punctuation';
import { Breadcrumbs, useBreadcrumbTrail } from '../../components/public/breadcrumbs';
import { useHead } from '../../components/public/head';
import { HistoryTimeline } from '../../components/public/history-timeline';
import { Icon } from '../../components/public/icons';
import { MapDownloads } from '../../components/public/map-downloads';
import { NearbyList } from '../../components/public/nearby-list';
import { Spinner } from '../../components/public/spinner';
import {
  JumpButton,
  NotFoundView,
  Paragraphs,
  PhotoHero,
  ReviewNote,
  SectionHeading,
  ShownInEnglish,
} from '../../components/public/page-sections';
import { PlaceGrid } from '../../components/public/place-card';
import { GalleryIsland, PlaceMapIsland, TriviaIsland } from '../../islands/public-islands';
import { placeCarouselImages } from '../../components/public/gallery-carousel';
import { SaveToggleIsland } from '../../islands/save-toggle-island';
import { formatDate, isoDate } from '../../lib/format-date';
import { englishIf, langIfOther, useLanguage, useUiText } from '../../lib/i18n';
import { SiteLink } from '../../lib/navigation';
import {
  factsQuery,
  galleryQuery,
  historyQuery,
  placeQuery,
  relatedQuery,
  usePublicQuery,
  visitQuery,
  type PublicQuery,
} from '../../lib/public-queries';
import { nearbyQuery, placeMapQuery } from '../../lib/map-queries';
import { placeThemesQuery } from '../../lib/theme-queries';
import { ThemeLinks } from '../../components/public/theme-links';
import { usePageParams, type Load, type PageParams } from '../../lib/page-data';
import type { LanguageCode } from '@/shared/languages';
import { hasVisitFacts, type VisitDto } from '@/shared/api/visit-facts';
import { VisitBox } from '../../components/public/visit-box';

/** /{lang}/{place}: the place, then its sections (their reads need its id). */
export const data = ({ slug, lang }: PageParams) => ({ place: placeQuery(slug, lang) });
export const sections = (id: string, lang: LanguageCode) => ({
  gallery: galleryQuery(id, lang),
  history: historyQuery(id, lang),
  facts: factsQuery(id, lang),
  related: relatedQuery(id, lang),
  visit: visitQuery(id, lang),
  nearby: nearbyQuery(id, lang),
  map: placeMapQuery(id),
  themes: placeThemesQuery(id, lang),
});
/** Loads the place and its sections for the server's render; answers whether there is such a place. */
export async function prefetch(params: PageParams, load: Load): Promise<boolean> {
  const place = await load(data(params).place);
  if (!place) return false;
  const parts: PublicQuery<unknown>[] = Object.values(sections(place.id, params.lang));
  await Promise.all(parts.map((query) => load(query)));
  return true;
}

function PlaceNotFound() {
  const t = useUiText();
  return <NotFoundView title={t('placeDetail.notFound')} />;
}

/**
 * History and trivia are generated in English and translated later: until they are, the section
 * says so in the page's language and marks its content English (`lang="en"`), so the page never
 * switches language unannounced.
 */
function TranslatableSection({
  id,
  title,
  languageCode,
  children,
}: {
  id: string;
  title: string;
  /** The language its content is in (the answer's `languageCode`); undefined: the page's. */
  languageCode: string | undefined;
  /** Its content, told the page's language for its own controls where the content is not in it. */
  children: (controlsLang: string | undefined) => ReactNode;
}) {
  const lang = useLanguage();
  const contentLang = langIfOther(languageCode ?? lang, lang);
  return (
    <Section id={id} title={title} lang={contentLang} titleLang={contentLang && lang}>
      {contentLang && <ShownInEnglish />}
      {children(contentLang && lang)}
    </Section>
  );
}

function Section({
  id,
  title,
  lang,
  titleLang,
  children,
}: {
  id: string;
  title: string;
  /** The section's language and its title's, where they differ from the page's. */
  lang?: string;
  titleLang?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} tabIndex={-1} aria-labelledby={`${id}-title`} lang={lang} className="scroll-mt-24 outline-none">
      <SectionHeading id={`${id}-title`} title={title} lang={titleLang} />
      {children}
    </section>
  );
}

function PlaceDetail({ place }: { place: PlaceDto }) {
  const lang = useLanguage();
  const t = useUiText();
  const parts = sections(place.id, lang);
  const gallery = usePublicQuery<GalleryImageDto[]>(parts.gallery);
  const history = usePublicQuery<TranslatedHistoryDto | null>(parts.history);
  const facts = usePublicQuery<TranslatedFactsDto | null>(parts.facts);
  const related = usePublicQuery(parts.related);
  const nearby = usePublicQuery<NearbyPlaceDto[]>(parts.nearby);
  const visitData = usePublicQuery<VisitDto | null>(parts.visit).data;
  const visit = hasVisitFacts(visitData) ? visitData : undefined;
  const themes = usePublicQuery(parts.themes).data ?? [];

  const published = isoDate(place.date);
  const english = (field: string) => englishIf(place.englishFields, field);
  const trail = useBreadcrumbTrail([
    place.countrySlug && { name: place.country, path: place.countrySlug },
    place.citySlug && { name: place.location, path: place.citySlug },
    { name: place.title, path: place.slug ?? place.id, lang: english('title') },
  ]);
  useHead({
    title: place.title,
    suffix: t('meta.title.suffix'),
    description: place.description,
    keywords: [
      place.title,
      place.location,
      place.country,
      ...themes.map((theme) => theme.name),
      t('placeDetail.keywords'),
    ].join(', '),
    path: place.slug ?? place.id,
    image: place.imageUrl,
    type: 'article',
    preloadImage: place.imageUrl,
    article: {
      headline: place.title,
      description: place.description,
      fullDescription: place.fullDescription,
      image: place.imageUrl,
      date: place.date,
      location: place.location,
      country: place.country,
      latitude: place.latitude,
      longitude: place.longitude,
      gallery: gallery.data,
      machineTranslated: place.machineTranslated,
      themes: themes.map((theme) => theme.name),
    },
    breadcrumbs: trail,
    attraction: visit && { name: place.title, visit },
  });

  const galleryImages = gallery.data ?? [];
  const images = placeCarouselImages(place, galleryImages);
  const events = history.data?.hasEvents === 'yes' ? history.data.events : [];
  const trivia = facts.data?.hasFacts === 'yes' ? facts.data.facts : [];
  const seeAlso = (related.data ?? []).slice(0, 5);
  const fullText = place.fullDescription?.trim() ? place.fullDescription : null;
  const text = fullText ?? place.description;
  const textLang = english(fullText === null ? 'description' : 'fullDescription');
  const historyTitle = t('placeDetail.historyTitle');
  const triviaTitle = t('placeDetail.triviaTitle');

  return (
    <article>
      <PhotoHero
        image={place.imageUrl}
        alt={place.description || place.title}
        altLang={english(place.description ? 'description' : 'title')}
        tall
      >
        <div className="max-w-4xl">
          <Breadcrumbs trail={trail} />
          <h1 className="hero-title" lang={english('title')}>
            {place.title}
          </h1>
          <div className="hero-meta">
            <span className="inline-flex items-center gap-2">
              <Icon name="map-pin" className="text-brand-100" />
              <span>
                {place.citySlug ? (
                  <SiteLink to={`/${lang}/${place.citySlug}`}>{place.location}</SiteLink>
                ) : (
                  place.location
                )}
                {comma(lang)}
                {place.countrySlug ? (
                  <SiteLink to={`/${lang}/${place.countrySlug}`}>{place.country}</SiteLink>
                ) : (
                  place.country
                )}
              </span>
            </span>
            <time dateTime={published} className="inline-flex items-center gap-2">
              <Icon name="calendar" className="text-brand-100" />
              {formatDate(place.date, lang)}
            </time>
          </div>
          <ThemeLinks themes={themes} label={t('themes.chips')} className="mt-5" />
          <SaveToggleIsland place={place} label className="save-toggle-glass mt-6" />
          {(galleryImages.length > 0 || events.length > 0 || trivia.length > 0) && (
            <div className="mt-8 flex flex-wrap gap-3">
              {galleryImages.length > 0 && (
                <JumpButton target="gallery" variant="glass">
                  <Icon name="images" size={18} />
                  {t('placeDetail.gallery')} ({images.length})
                </JumpButton>
              )}
              {events.length > 0 && (
                <JumpButton target="history" variant="glass">
                  <Icon name="clock" size={18} />
                  {historyTitle}
                </JumpButton>
              )}
              {trivia.length > 0 && (
                <JumpButton target="trivia" variant="glass">
                  <Icon name="lightbulb" size={18} />
                  {triviaTitle}
                </JumpButton>
              )}
            </div>
          )}
        </div>
      </PhotoHero>

      <div className="article-body">
        <Section id="about" title={t('placeDetail.about')}>
          <ReviewNote text={place} />
          {textLang && <ShownInEnglish />}
          <Paragraphs text={text} className="prose-text" lang={textLang} />
        </Section>

        {visit && (
          <Section id="visit" title={t('visit.title')}>
            <VisitBox visit={visit} />
          </Section>
        )}

        <Section id="gallery" title={t('placeDetail.gallery')}>
          <p className="-mt-4 mb-6 text-slate-600">{t('placeDetail.galleryNotice')}</p>
          {images.some((image) => image.captionLang && image.caption) && <ShownInEnglish />}
          <GalleryIsland images={images} slug={place.slug} title={place.title} titleLang={english('title')} />
        </Section>

        {events.length > 0 && (
          <TranslatableSection id="history" title={historyTitle} languageCode={history.data?.languageCode}>
            {() => <HistoryTimeline events={events} />}
          </TranslatableSection>
        )}

        {trivia.length > 0 && (
          <TranslatableSection id="trivia" title={triviaTitle} languageCode={facts.data?.languageCode}>
            {(controlsLang) => <TriviaIsland facts={trivia} controlsLang={controlsLang} />}
          </TranslatableSection>
        )}

        {place.latitude !== null && place.longitude !== null && (
          <Section id="map" title={t('placeDetail.mapTitle')}>
            <PlaceMapIsland
              place={{ id: place.id, title: place.title, country: place.country }}
              latitude={place.latitude}
              longitude={place.longitude}
            />
            {place.slug && <MapDownloads slug={place.slug} />}
          </Section>
        )}

        {nearby.data && (nearby.data.length > 0 || (place.latitude !== null && Boolean(place.countrySlug))) && (
          <Section id="nearby" title={t('placeDetail.nearby')}>
            <NearbyList
              places={nearby.data}
              country={place.countrySlug ? { slug: place.countrySlug, name: place.country } : undefined}
            />
          </Section>
        )}
      </div>

      {seeAlso.length > 0 && (
        <section aria-labelledby="related-title" className="related">
          <div className="related-inner">
            <SectionHeading id="related-title" title={t('placeDetail.seeAlso', { location: place.location })} />
            <PlaceGrid places={seeAlso} />
          </div>
        </section>
      )}
    </article>
  );
}

export default function PlacePage({ slug }: { slug: string }) {
  const t = useUiText();
  const place = usePublicQuery<PlaceDto | null>(data(usePageParams(slug)).place);
  if (place.isPending) return <Spinner label={t('common.loading')} />;
  if (!place.data) return <PlaceNotFound />;
  return <PlaceDetail key={place.data.id} place={place.data} />;
}
