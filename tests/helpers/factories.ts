import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/server/db/client';
import type { VisitFactsRequest } from '../../src/shared/api/visit-facts';
import {
  cities,
  cityTranslations,
  countries,
  countryTranslations,
  galleryImages,
  placeFacts,
  placeHistory,
  places,
  placeTranslations,
} from '../../src/server/db/schema';

/** Test data builders: every row gets unique values, so tests never depend on insertion order. */
let sequence = 0;
const next = () => ++sequence;

type PlaceRow = typeof places.$inferInsert;
type CityRow = typeof cities.$inferInsert;
type CountryRow = typeof countries.$inferInsert;

export async function makePlace(db: Database, overrides: Partial<PlaceRow> = {}) {
  const n = next();
  const [row] = await db
    .insert(places)
    .values({
      slug: `place-${n}-${randomUUID().slice(0, 8)}`,
      title: `Place ${n}`,
      description: `A short description of place ${n}.`,
      fullDescription: `The full story of place ${n}, with plenty of detail for travellers.`,
      imageUrl: `/media/web/place-${n}-1000.jpg`,
      originalImagePath: `/media/originals/place-${n}.jpg`,
      location: 'Paris',
      country: 'France',
      date: '2024-05-01',
      latitude: 48.8584,
      longitude: 2.2945,
      ...overrides,
    })
    .returning();
  return row!;
}

/** The Edit Place form's fields saving a place as it is, with some fields changed. */
export function placeEditFields(place: Awaited<ReturnType<typeof makePlace>>, changes: Record<string, unknown> = {}) {
  return {
    title: place.title,
    description: place.description,
    location: place.location,
    country: place.country,
    imageUrl: place.imageUrl,
    date: place.date,
    ...changes,
  };
}

/** The request of the Edit Place form (`PUT /api/admin/places/{id}`): placeEditFields. */
export function placeEdit(place: Awaited<ReturnType<typeof makePlace>>, changes: Record<string, unknown> = {}) {
  return {
    method: 'PUT' as const,
    url: `/api/admin/places/${place.id}`,
    payload: placeEditFields(place, changes),
  };
}

export async function makePlaceTranslation(
  db: Database,
  placeId: string,
  languageCode: string,
  overrides: Partial<typeof placeTranslations.$inferInsert> = {},
) {
  const [row] = await db
    .insert(placeTranslations)
    .values({
      placeId,
      languageCode,
      title: `Title in ${languageCode}`,
      description: `Description in ${languageCode}`,
      fullDescription: `Full description in ${languageCode}`,
      location: `Location in ${languageCode}`,
      country: `Country in ${languageCode}`,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function makeCountry(db: Database, overrides: Partial<CountryRow> = {}) {
  const n = next();
  const [row] = await db
    .insert(countries)
    .values({
      name: `Country ${n}`,
      slug: `country-${n}-${randomUUID().slice(0, 8)}`,
      description: `About country ${n}.`,
      imageUrl: `/media/web/country-${n}-1000.jpg`,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function makeCountryTranslation(db: Database, countryId: string, languageCode: string, name: string) {
  await db
    .insert(countryTranslations)
    .values({ countryId, languageCode, name, description: `${name} (${languageCode})` });
}

export async function makeCity(db: Database, overrides: Partial<CityRow> = {}) {
  const n = next();
  const [row] = await db
    .insert(cities)
    .values({
      name: `City ${n}`,
      country: 'France',
      slug: `city-${n}-${randomUUID().slice(0, 8)}`,
      description: `About city ${n}.`,
      imageUrl: `/media/web/city-${n}-1000.jpg`,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function makeCityTranslation(db: Database, cityId: string, languageCode: string, name: string) {
  await db.insert(cityTranslations).values({ cityId, languageCode, name, description: `${name} (${languageCode})` });
}

export async function makeHistory(db: Database, placeId: string, languageCode = 'en') {
  await db.insert(placeHistory).values({
    placeId,
    languageCode,
    hasEvents: 'yes',
    events: [
      { year: '1887', description: 'Construction begins.' },
      { year: '1889', description: 'Opens for the World’s Fair.' },
    ],
  });
}

export async function makeFacts(db: Database, placeId: string, languageCode = 'en') {
  await db.insert(placeFacts).values({
    placeId,
    languageCode,
    hasFacts: 'yes',
    facts: [{ question: 'How tall is it?', answer: 'About 330 metres.' }],
  });
}

export async function makeGalleryImage(db: Database, placeId: string) {
  const n = next();
  const [row] = await db
    .insert(galleryImages)
    .values({
      placeId,
      imageUrl: `/media/web/gallery-${n}-1000.jpg`,
      originalImagePath: `/media/originals/gallery-${n}.jpg`,
    })
    .returning();
  return row!;
}

/** Visit facts of Belém Tower as the owner saves them (`PUT /api/admin/places/{id}/visit`). */
export const BELEM_VISIT_FACTS = {
  address: 'Avenida Brasília, 1400-038 Lisboa',
  openingHours: [
    { days: ['tu', 'we', 'th', 'fr', 'sa', 'su'], opens: '10:00', closes: '18:30' },
    { days: ['fr', 'sa'], opens: '20:00', closes: '01:00' },
  ],
  hoursNote: 'Closed on 1 January and 25 December.',
  price: { amount: 12.5, currency: 'EUR' },
  duration: 'PT1H30M',
  accessibility: 'The ground floor has a ramp; the tower stairs are narrow.',
  website: 'https://www.torrebelem.gov.pt/',
} satisfies VisitFactsRequest;
