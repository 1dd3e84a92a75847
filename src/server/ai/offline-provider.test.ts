import { describe, expect, it } from 'vitest';
import { offlineAnalysis } from './offline-provider';

const ROME = { latitude: 41.8902, longitude: 12.4922 };
const TRASTEVERE = { latitude: 41.8867, longitude: 12.4663 };
const photo = (where: { latitude: number; longitude: number }, extra: { date?: string; story?: string } = {}) => ({
  image: Buffer.alloc(0),
  mimeType: 'image/jpeg',
  ...where,
  city: 'Rome',
  country: 'Italy',
  ...extra,
});

const STORY =
  'Morning walk with the old camera, great light. We crossed the river twice and stopped for coffee near the market before the crowds came.';

describe('offline titles: the name of the place, never a sentence cut short', () => {
  it('names the landmark a photo shows', () => {
    expect(offlineAnalysis(photo(ROME, { date: '2024-05-17' }))).toMatchObject({
      title: 'Colosseum',
      placeName: 'Colosseum',
    });
  });

  it('names the town elsewhere, with or without a story', () => {
    expect(offlineAnalysis(photo(TRASTEVERE, { date: '2024-05-17' })).title).toBe('Rome');
    const told = offlineAnalysis(photo(TRASTEVERE, { story: STORY }));
    expect(told.title).toBe('Rome');
    expect(told.title).not.toContain('…');
    expect(told.travelArticle.startsWith(STORY)).toBe(true);
  });

  it('names the country where there is no town, and never the coordinates', () => {
    const far = offlineAnalysis({ ...photo({ latitude: 23.5, longitude: 12.1 }), city: undefined, country: 'Libya' });
    expect(far.title).toBe('Libya');
    const sea = offlineAnalysis({
      ...photo({ latitude: -40.1, longitude: -30.2 }),
      city: undefined,
      country: undefined,
    });
    expect(sea.title).toBe('A place without a town nearby');
    for (const text of [sea.title, sea.summary, sea.travelArticle, sea.imageDescription]) {
      expect(text).not.toMatch(/40\.1|30\.2|°/);
    }
  });
});

describe('offline articles', () => {
  it('say where and when in words, without raw coordinates', () => {
    const analysis = offlineAnalysis(photo(TRASTEVERE, { date: '2024-05-17', story: STORY }));
    expect(analysis.travelArticle).toBe(`${STORY}\n\nThis photo was taken in Rome, Italy on May 17, 2024.`);
    for (const text of [analysis.summary, analysis.travelArticle, analysis.imageDescription]) {
      expect(text).not.toMatch(/41\.88|12\.46|°/);
    }
    expect(offlineAnalysis(photo(ROME)).travelArticle).toBe('This photo was taken in Rome, Italy.');
  });
});
