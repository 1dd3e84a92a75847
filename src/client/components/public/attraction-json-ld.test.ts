import { describe, expect, it } from 'vitest';
import type { VisitDto } from '@/shared/api/visit-facts';
import { NO_SITE_SETTINGS } from '@/shared/site';
import { headTags, type HeadData } from './head-tags';

/**
 * schema.org's own definitions (https://schema.org/TouristAttraction, version 29): the properties a
 * TouristAttraction has (its own, Place's and Thing's) and those of the types used inside it, with
 * what each value must be. No validator package is installed; the Article JSON-LD is checked the same
 * way (by its shape, head-tags.test.ts, e2e/public-site.test.ts).
 */
const PROPERTIES: Record<string, readonly string[]> = {
  TouristAttraction: [
    'availableLanguage',
    'touristType',
    'address',
    'geo',
    'isAccessibleForFree',
    'openingHoursSpecification',
    'publicAccess',
    'photo',
    'name',
    'description',
    'image',
    'url',
    'sameAs',
    'mainEntityOfPage',
  ],
  PostalAddress: ['streetAddress', 'addressLocality', 'addressRegion', 'postalCode', 'addressCountry'],
  GeoCoordinates: ['latitude', 'longitude'],
  OpeningHoursSpecification: ['dayOfWeek', 'opens', 'closes', 'validFrom', 'validThrough'],
};
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map(
  (day) => `https://schema.org/${day}`,
);
/** schema.org Time: hh:mm[:ss]. */
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** Every node's properties are defined for its type, and the nested values have the right form. */
function checkNode(node: Record<string, unknown>, problems: string[], path = '$') {
  const type = node['@type'] as string;
  const allowed = PROPERTIES[type];
  if (!allowed) return problems.push(`${path}: unknown type ${type}`);
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('@')) continue;
    if (!allowed.includes(key)) problems.push(`${path}.${key}: not a property of ${type}`);
    const values = Array.isArray(value) ? value : [value];
    for (const item of values)
      if (item && typeof item === 'object') checkNode(item as Record<string, unknown>, problems, `${path}.${key}`);
  }
  if (type === 'OpeningHoursSpecification') {
    for (const day of node.dayOfWeek as string[]) if (!DAYS.includes(day)) problems.push(`${path}: day ${day}`);
    for (const time of [node.opens, node.closes] as string[]) if (!TIME.test(time)) problems.push(`${path}: ${time}`);
  }
  if (type === 'TouristAttraction') {
    if (typeof node.name !== 'string' || !node.name) problems.push(`${path}: a name is required`);
    if ('isAccessibleForFree' in node && typeof node.isAccessibleForFree !== 'boolean')
      problems.push(`${path}: isAccessibleForFree is a Boolean`);
    for (const url of [node.url as string | undefined, ...((node.sameAs as string[] | undefined) ?? [])])
      if (url !== undefined && !/^https:\/\//.test(url)) problems.push(`${path}: ${url} is no URL`);
  }
  return problems;
}

const VISIT: VisitDto = {
  address: 'Avenida Brasília, 1400-038 Lisboa',
  openingHours: [
    { days: ['tu', 'we', 'th', 'fr', 'sa', 'su'], opens: '10:00', closes: '18:30' },
    { days: ['fr', 'sa'], opens: '20:00', closes: '01:00' },
    { days: ['mo'], opens: '00:00', closes: '24:00' },
  ],
  hoursNote: null,
  price: { free: true },
  priceText: null,
  duration: 'PT1H30M',
  accessibility: null,
  website: 'https://www.torrebelem.gov.pt/',
  englishFields: [],
};

const head: HeadData = {
  title: 'Belém Tower',
  suffix: 'Travel Places',
  description: 'A limestone fortress in the Tagus.',
  path: 'belem-tower',
  type: 'article',
  article: {
    headline: 'Belém Tower',
    description: 'A limestone fortress in the Tagus.',
    fullDescription: null,
    image: '/media/web/belem-1000.jpg',
    date: '2024-09-14',
    location: 'Lisbon',
    country: 'Portugal',
    latitude: 38.6916,
    longitude: -9.216,
  },
};
const SITE = { publicUrl: 'https://travel.example', settings: NO_SITE_SETTINGS };

const jsonLd = (html: string, type: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)]
    .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
    .find((data) => data['@type'] === type);

describe('a place with visit facts in JSON-LD', () => {
  it("is a TouristAttraction that holds to schema.org's definitions: its address, hours, free entry and website", () => {
    const html = headTags({ ...head, attraction: { name: 'Belém Tower', visit: VISIT } }, 'de', SITE);
    const attraction = jsonLd(html, 'TouristAttraction')!;
    expect(checkNode(attraction, [])).toEqual([]);
    expect(attraction).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Belém Tower',
      mainEntityOfPage: 'https://travel.example/de/belem-tower',
      address: { streetAddress: 'Avenida Brasília, 1400-038 Lisboa', addressLocality: 'Lisbon' },
      geo: { latitude: 38.6916, longitude: -9.216 },
      isAccessibleForFree: true,
      url: 'https://www.torrebelem.gov.pt/',
      sameAs: ['https://www.torrebelem.gov.pt/'],
    });
    expect(attraction.openingHoursSpecification).toEqual([
      expect.objectContaining({ dayOfWeek: DAYS.slice(1), opens: '10:00', closes: '18:30' }),
      // past midnight: closing before opening, as schema.org reads it
      expect.objectContaining({ dayOfWeek: [DAYS[4], DAYS[5]], opens: '20:00', closes: '01:00' }),
      // all day: 24:00 is written 23:59
      expect.objectContaining({ dayOfWeek: [DAYS[0]], opens: '00:00', closes: '23:59' }),
    ]);
    // The Article stays as it was.
    expect(jsonLd(html, 'Article')).toMatchObject({ headline: 'Belém Tower' });
  });

  it('says nothing about entry it was not told: an amount is not free, no price no claim; a place without facts has none', () => {
    const paid = headTags(
      { ...head, attraction: { name: 'Belém Tower', visit: { ...VISIT, price: { amount: 12.5, currency: 'EUR' } } } },
      'en',
      SITE,
    );
    expect(jsonLd(paid, 'TouristAttraction')!.isAccessibleForFree).toBe(false);
    const unknown = headTags(
      { ...head, attraction: { name: 'Belém Tower', visit: { ...VISIT, price: null } } },
      'en',
      SITE,
    );
    expect(jsonLd(unknown, 'TouristAttraction')).not.toHaveProperty('isAccessibleForFree');
    expect(jsonLd(headTags(head, 'en', SITE), 'TouristAttraction')).toBeUndefined();
  });
});
