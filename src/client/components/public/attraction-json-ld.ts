import { WEEKDAYS, type VisitDto } from '@/shared/api/visit-facts';
import { absoluteUrl } from '@/shared/media';
import { SITE } from '@/shared/site';

/** A place with visit facts, as a schema.org TouristAttraction (decision 043). */
export interface AttractionData {
  name: string;
  visit: VisitDto;
}

/** schema.org's day names, Monday first (DayOfWeek). */
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const dayOf = (day: string) => `https://schema.org/${DAYS[WEEKDAYS.indexOf(day as (typeof WEEKDAYS)[number])]}`;

/**
 * The place as schema.org TouristAttraction (a Place): where it is, when it is open
 * (openingHoursSpecification; a closing time before the opening time is the next day's, and the end
 * of the day is 23:59 as Google reads it), whether it is free (isAccessibleForFree), its official
 * website (url and sameAs) and the page about it. Only what the owner entered: nothing is guessed.
 */
export function attractionJsonLd(
  attraction: AttractionData,
  place: {
    description: string;
    image: string;
    location: string;
    country: string;
    latitude: number | null;
    longitude: number | null;
  },
  url: string,
  publicUrl: string,
) {
  const { visit } = attraction;
  return {
    '@context': 'https://schema.org',
    '@type': 'TouristAttraction',
    name: attraction.name,
    description: place.description,
    image: absoluteUrl(place.image, publicUrl, SITE.defaultSocialImage),
    mainEntityOfPage: url,
    address: {
      '@type': 'PostalAddress',
      ...(visit.address ? { streetAddress: visit.address } : {}),
      addressLocality: place.location,
      addressCountry: place.country,
    },
    ...(place.latitude !== null && place.longitude !== null
      ? { geo: { '@type': 'GeoCoordinates', latitude: place.latitude, longitude: place.longitude } }
      : {}),
    ...(visit.openingHours.length > 0
      ? {
          openingHoursSpecification: visit.openingHours.map((row) => ({
            '@type': 'OpeningHoursSpecification',
            dayOfWeek: row.days.map(dayOf),
            opens: row.opens,
            closes: row.closes === '24:00' ? '23:59' : row.closes,
          })),
        }
      : {}),
    ...(visit.price ? { isAccessibleForFree: 'free' in visit.price } : {}),
    ...(visit.website ? { url: visit.website, sameAs: [visit.website] } : {}),
  };
}
