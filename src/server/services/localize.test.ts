import { describe, expect, it } from 'vitest';
import type { TranslatedPlaceRow } from '../db/repos/places-repo';
import { localizeCity, localizeCountry, localizePlace, localizePlaceCard } from './localize';

const row = (extra: Partial<TranslatedPlaceRow> = {}): TranslatedPlaceRow => ({
  id: 'p1',
  slug: 'colosseum',
  title: 'Colosseum',
  description: 'A photo taken in Rome, Italy.',
  fullDescription: 'This photo was taken in Rome.',
  imageUrl: '/media/web/x-1000.jpg',
  originalImagePath: null,
  location: 'Rome',
  country: 'Italy',
  date: '2024-05-17',
  latitude: 41.89,
  longitude: 12.49,
  languageCode: 'en',
  citySlug: 'rome',
  countrySlug: 'italy',
  fullDescriptionTranslated: false,
  reviewed: false,
  machineTranslated: false,
  writtenBy: 'model',
  ...extra,
});

describe('translated answers', () => {
  it('names the country of an untranslated place in the page language and marks its English text', () => {
    const place = localizePlace(row(), 'de');
    expect(place.country).toBe('Italien');
    expect(place.englishFields).toEqual(['title', 'description', 'fullDescription']);
    expect(place).not.toHaveProperty('fullDescriptionTranslated');
  });

  it('keeps a stored translation and marks only a full description it lacks', () => {
    const translated = row({ languageCode: 'fr', title: 'Colisée', country: 'Italie (stored)' });
    expect(localizePlace(translated, 'fr')).toMatchObject({
      country: 'Italie (stored)',
      englishFields: ['fullDescription'],
    });
    expect(localizePlace({ ...translated, fullDescriptionTranslated: true }, 'fr').englishFields).toEqual([]);
  });

  it('makes a card without the article: only its title and summary can be English', () => {
    const { fullDescription: _article, fullDescriptionTranslated: _translated, ...card } = row();
    expect(localizePlaceCard(card, 'de')).toEqual({
      ...card,
      country: 'Italien',
      englishFields: ['title', 'description'],
    });
    expect(localizePlaceCard({ ...card, languageCode: 'fr', title: 'Colisée' }, 'fr').englishFields).toEqual([]);
    expect(localizePlaceCard(card, 'en').englishFields).toEqual([]);
  });

  it('marks nothing on English pages', () => {
    expect(localizePlace(row(), 'en')).toMatchObject({ country: 'Italy', englishFields: [] });
  });

  it('names countries and the country of a city without a stored name in the page language', () => {
    const country = {
      id: 'c',
      slug: 'italy',
      name: 'Italy',
      description: 'Pasta.',
      imageUrl: '/i.jpg',
      cityCount: 2,
      placeCount: 5,
    };
    expect(localizeCountry({ ...country, nameTranslated: false, descriptionTranslated: false }, 'zh')).toEqual({
      ...country,
      name: '意大利',
      englishFields: ['description'],
    });
    expect(
      localizeCountry({ ...country, name: 'Italia', nameTranslated: true, descriptionTranslated: true }, 'es'),
    ).toMatchObject({ name: 'Italia', englishFields: [] });
    const city = {
      id: 'r',
      slug: 'rome',
      name: 'Rome',
      country: 'Italy',
      countrySlug: 'italy',
      description: 'Old.',
      imageUrl: '/r.jpg',
    };
    expect(localizeCity({ ...city, countryTranslated: false, descriptionTranslated: false }, 'es')).toMatchObject({
      country: 'Italia',
      englishFields: ['description'],
    });
  });
});
