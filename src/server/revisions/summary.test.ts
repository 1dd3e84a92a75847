import { describe, expect, it } from 'vitest';
import type { AreaSnapshot, PlaceSnapshot } from '../db/repos/snapshots-repo';
import { describeChange } from './summary';

const place = (over: Partial<PlaceSnapshot['place']> = {}): PlaceSnapshot => ({
  kind: 'place',
  place: {
    id: 'p',
    slug: 'old-bridge',
    title: 'Old bridge',
    description: 'Stone arches.',
    fullDescription: null,
    imageUrl: '/media/web/a-1000.jpg',
    originalImagePath: null,
    location: 'Prague',
    country: 'Czechia',
    date: '2024-05-01',
    latitude: 50,
    longitude: 14,
    sourceVersion: 1,
    state: 'published',
    reviewed: false,
    origin: 'machine',
    createdAt: new Date(0),
    updatedAt: new Date(0),
    sitemapSeq: 1,
    ...over,
  },
  translations: [],
  history: [],
  facts: [],
  gallery: [],
  photos: [],
});

describe('a change told in plain words', () => {
  it('names each changed field of a place, and publishing', () => {
    expect(describeChange(place(), place({ title: 'Charles Bridge' }))).toBe('Title changed');
    expect(describeChange(place({ state: 'draft' }), place())).toBe('Published');
    expect(describeChange(place(), place({ slug: 'charles-bridge', date: '2024-05-02' }))).toBe(
      'Date changed, Web address changed',
    );
  });

  it('names the language of a changed translation, and says nothing when nothing changed', () => {
    const german = { ...place(), translations: [{ languageCode: 'de', title: 'Alte Brücke' }] } as PlaceSnapshot;
    const changed = { ...place(), translations: [{ languageCode: 'de', title: 'Karlsbrücke' }] } as PlaceSnapshot;
    expect(describeChange(german, changed)).toBe('German text changed');
    expect(describeChange(place(), place())).toBe('');
  });

  it('names a city’s changed name and description', () => {
    const city = (name: string, description: string) =>
      ({
        kind: 'city',
        row: { name, description, imageUrl: '', slug: 'x', country: 'Italy' },
        translations: [],
      }) as unknown as AreaSnapshot;
    expect(describeChange(city('Rome', 'a'), city('Roma', 'b'))).toBe('Name changed, Description changed');
  });
});
