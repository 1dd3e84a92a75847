import { Icon } from './icons';
import { CARD_SIZES } from './place-card';
import { ResponsiveImage } from './responsive-image';
import { englishIf, useLanguage } from '../../lib/i18n';
import { SiteLink } from '../../lib/navigation';

/** What a card shows of a country or city (a translated country or city as the API answers it). */
interface CardArea {
  id: string;
  slug: string;
  name: string;
  description: string;
  /** 'description' in it when the description is the English fallback. */
  englishFields: readonly string[];
  imageUrl: string;
  /** A city's country, said above its name. */
  country?: string;
}

/** A country or city card: image, name (and country), description; links to its page. */
export function AreaCard({
  area,
  index,
  heading: Heading = 'h3',
  counts,
}: {
  area: CardArea;
  index: number;
  /** h2 where the cards sit right under the page title (the countries list). */
  heading?: 'h2' | 'h3';
  /** What the area holds, e.g. "3 cities", "12 places". */
  counts?: readonly string[];
}) {
  const lang = useLanguage();
  const { name, country, description, imageUrl } = area;
  return (
    <li className="reveal" style={{ animationDelay: `${index * 0.1}s` }}>
      <SiteLink to={`/${lang}/${area.slug}`} className="group area-card">
        <ResponsiveImage
          src={imageUrl}
          alt={description || name}
          sizes={CARD_SIZES}
          crop="card"
          className="card-image-slow"
        />
        <div className="area-card-shade" />
        <div className="area-card-body">
          {country && (
            <p className="area-card-country">
              <Icon name="map-pin" size={16} />
              {country}
            </p>
          )}
          <Heading className="area-card-title">{name}</Heading>
          <p className="area-card-text" lang={englishIf(area.englishFields, 'description')}>
            {description}
          </p>
          {counts && <p className="area-card-counts">{counts.join(' · ')}</p>}
        </div>
      </SiteLink>
    </li>
  );
}
