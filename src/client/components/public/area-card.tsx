import { Icon } from './icons';
import { CARD_SIZES } from './place-card';
import { ResponsiveImage } from './responsive-image';
import { SiteLink } from '../../lib/navigation';

/** A country or city card: image, name (and country), description; links to its page. */
export function AreaCard({
  href,
  name,
  country,
  description,
  descriptionLang,
  imageUrl,
  index,
  heading: Heading = 'h3',
  counts,
}: {
  href: string;
  name: string;
  country?: string;
  description: string;
  /** 'en' when the description is the English fallback. */
  descriptionLang?: string;
  imageUrl: string;
  index: number;
  /** h2 where the cards sit right under the page title (the countries list). */
  heading?: 'h2' | 'h3';
  /** What the area holds, e.g. "3 cities", "12 places". */
  counts?: readonly string[];
}) {
  return (
    <li className="reveal" style={{ animationDelay: `${index * 0.1}s` }}>
      <SiteLink to={href} className="group area-card">
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
          <p className="area-card-text" lang={descriptionLang}>
            {description}
          </p>
          {counts && <p className="area-card-counts">{counts.join(' · ')}</p>}
        </div>
      </SiteLink>
    </li>
  );
}
