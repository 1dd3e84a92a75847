import { useState } from 'react';
import type { PlaceCardDto } from '@/shared/api/public';
import { parseSavedIds } from '@/shared/saved-places';
import { useHead } from '../../components/public/head';
import { Icon } from '../../components/public/icons';
import { keepIslandsOffline } from '../../islands/keep-offline';
import { MapDownloads } from '../../components/public/map-downloads';
import { EmptyMessage, PlainHero } from '../../components/public/page-sections';
import { PlaceGrid } from '../../components/public/place-card';
import { Spinner } from '../../components/public/spinner';
import { useLanguage, useUiText } from '../../lib/i18n';
import { usePageParams, type PageParams } from '../../lib/page-data';
import { savedPlacesQuery, usePublicQuery } from '../../lib/public-queries';
import { clearSaved, inLanguage, saveAll, type SavedPlace } from '../../lib/saved-places';
import { useSavedPlaces } from '../../lib/use-saved-places';
import { useInBrowser } from '../../lib/use-in-browser';

/** The ids of a share address (`?ids=a,b`); null on the visitor's own list. A malformed list shows nothing. */
const sharedIds = (search: URLSearchParams) => (search.has('ids') ? (parseSavedIds(search.get('ids')!) ?? []) : null);

/**
 * /{lang}/saved: the places saved on this device, or a shared list (`?ids=`). A shared list is
 * rendered by the server like any page; the device's own list is known only in the browser.
 */
export const data = ({ search, lang }: PageParams) => {
  const ids = sharedIds(search);
  return ids?.length ? { shared: savedPlacesQuery(ids, lang) } : {};
};

const asSaved = (lang: string, card: PlaceCardDto): SavedPlace => ({
  id: card.id,
  url: `/${lang}/${card.slug ?? card.id}`,
  title: card.title,
  image: card.imageUrl,
});

export default function SavedPage() {
  const t = useUiText();
  const lang = useLanguage();
  const { search } = usePageParams('saved');
  const shared = sharedIds(search);
  const own = useSavedPlaces();
  const inBrowser = useInBrowser();
  const ids = shared ?? own.map((place) => place.id);
  const cards = usePublicQuery<PlaceCardDto[]>(savedPlacesQuery(ids, lang), { enabled: ids.length > 0 });
  const [copied, setCopied] = useState(false);
  useHead({
    title: t('saved.title'),
    suffix: t('meta.title.suffix'),
    description: t('saved.intro'),
    path: 'saved',
    noindex: true,
  });

  const shareUrl = `/${lang}/saved?ids=${ids.join(',')}`;
  // the system's share sheet where there is one (phones), else the link is copied
  const canShare = inBrowser && typeof navigator.share === 'function';
  const share = () => {
    const url = new URL(shareUrl, location.href).href;
    if (canShare) return void navigator.share({ title: t('saved.title'), url }).catch(() => undefined);
    void navigator.clipboard
      ?.writeText(url)
      .then(() => setCopied(true))
      .catch(() => setCopied(false));
  };
  return (
    <>
      <PlainHero>
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-5xl">{t('saved.title')}</h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-200">{t(shared ? 'saved.shared' : 'saved.intro')}</p>
        {ids.length > 0 && (shared || inBrowser) && (
          <div className="mt-6 flex flex-wrap items-center gap-3">
            {shared ? (
              <button
                type="button"
                className="save-toggle-glass"
                onClick={() => {
                  saveAll((cards.data ?? []).map((card) => asSaved(lang, card)));
                  keepIslandsOffline();
                }}
              >
                {t('saved.saveAll')}
              </button>
            ) : (
              <>
                <button type="button" className="save-toggle-glass" onClick={share}>
                  <Icon name="share" size={18} />
                  {t(canShare ? 'saved.shareList' : 'saved.share')}
                </button>
                <button type="button" className="save-toggle-glass" onClick={clearSaved}>
                  {t('saved.clear')}
                </button>
                {/* the address itself is long (every id): named, not printed */}
                <a href={shareUrl} className="text-sm text-slate-100 underline" data-share-link>
                  {t('saved.shareLink')}
                </a>
                <span role="status">{copied ? t('saved.copied') : ''}</span>
              </>
            )}
            <MapDownloads ids={ids} className="basis-full" />
          </div>
        )}
      </PlainHero>
      <section aria-labelledby="saved-list" className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <h2 id="saved-list" className="sr-only">
          {t('saved.title')}
        </h2>
        {!shared && !inBrowser ? (
          // Until the island is live: the spinner, or (the loader's mark on <html>, wake.ts) "nothing
          // saved" for a browser with no saved places, which then needs no script (public.css).
          <>
            <div className="saved-pending">
              <Spinner label={t('common.loading')} />
            </div>
            <div className="saved-pending-empty">
              <EmptyMessage>{t('saved.empty')}</EmptyMessage>
            </div>
          </>
        ) : ids.length === 0 ? (
          <EmptyMessage>{t('saved.empty')}</EmptyMessage>
        ) : cards.data ? (
          <PlaceGrid places={cards.data} label={t('saved.title')} />
        ) : cards.isError && !shared ? (
          // offline, without a stored answer: the device's own list still names and links its places
          <ul className="space-y-3 text-lg">
            {own.map((place) => (
              <li key={place.id}>
                <a href={inLanguage(lang, place.url)} className="font-semibold text-brand-700 underline">
                  {place.title}
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <Spinner label={t('common.loading')} />
        )}
      </section>
    </>
  );
}
