import type { SearchResultDto } from '@/shared/api/search';

import { langIfOther, useLanguage, useUiText } from '../../lib/i18n';
import { SiteLink } from '../../lib/navigation';
import { Icon } from './icons';
import { CARD_SIZES, PhotoDate } from './place-card';
import { ResponsiveImage } from './responsive-image';
import { Highlighted } from './search-highlight';

/**
 * One search result, drawn like the cards elsewhere: a place as a place card, a city or country as
 * an area card, with a label saying which it is and the words searched for marked.
 */
export function SearchResultCard({ result, query, index }: { result: SearchResultDto; query: string; index: number }) {
  const lang = useLanguage();
  const t = useUiText();
  const href = `/${lang}/${result.slug}`;
  const kind =
    result.kind === 'place'
      ? t('search.kind.place')
      : result.kind === 'city'
        ? t('search.kind.city')
        : t('search.kind.country');
  /** The title and text, each in its language with the words searched for marked, in the card's classes. */
  const titleAndText = (titleClass: string, textClass: string) => (
    <>
      <h2 className={titleClass} lang={langIfOther(result.titleLang, lang)}>
        <Highlighted text={result.title} query={query} />
      </h2>
      <p className={textClass} lang={langIfOther(result.descriptionLang, lang)}>
        <Highlighted text={result.description} query={query} />
      </p>
    </>
  );

  if (result.kind === 'place') {
    return (
      <li className="reveal" style={{ animationDelay: `${index * 0.1}s` }}>
        <SiteLink to={href} className="group place-card">
          <div className="place-card-media">
            <ResponsiveImage src={result.imageUrl} alt="" sizes={CARD_SIZES} className="card-image" />
          </div>
          <div className="place-card-body">
            <p className="text-xs font-semibold uppercase tracking-wider text-brand-700">{kind}</p>
            {titleAndText('place-card-title', 'place-card-text')}
            <div className="place-card-meta">
              <span className="inline-flex items-center gap-1.5">
                <Icon name="map-pin" size={16} className="text-brand-700" />
                <Highlighted text={result.subtitle} query={query} />
              </span>
              {result.date && <PhotoDate date={result.date} />}
            </div>
          </div>
        </SiteLink>
      </li>
    );
  }
  return (
    <li className="reveal" style={{ animationDelay: `${index * 0.1}s` }}>
      <SiteLink to={href} className="group area-card">
        <ResponsiveImage src={result.imageUrl} alt="" sizes={CARD_SIZES} className="card-image-slow" />
        <div className="area-card-shade" />
        <div className="area-card-body">
          <p className="area-card-country">
            <Icon name="map-pin" size={16} />
            {result.subtitle ? (
              <>
                {kind} · <Highlighted text={result.subtitle} query={query} />
              </>
            ) : (
              kind
            )}
          </p>
          {titleAndText('area-card-title', 'area-card-text')}
        </div>
      </SiteLink>
    </li>
  );
}
