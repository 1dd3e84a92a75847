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

describe('offline titles of photos without a story', () => {
  it('names the landmark a photo shows', () => {
    expect(offlineAnalysis(photo(ROME, { date: '2024-05-17' }))).toMatchObject({
      title: 'Colosseum',
      placeName: 'Colosseum',
    });
  });

  it('names the city and the day elsewhere: "Rome, 17 May 2024"', () => {
    expect(offlineAnalysis(photo(TRASTEVERE, { date: '2024-05-17' })).title).toBe('Rome, 17 May 2024');
  });

  it('tells two places of one city apart and never answers the bare city name', () => {
    const titles = [
      offlineAnalysis(photo(ROME, { date: '2024-05-17' })).title,
      offlineAnalysis(photo(TRASTEVERE, { date: '2024-05-17' })).title,
      offlineAnalysis(photo(TRASTEVERE, { date: '2024-05-18' })).title,
      offlineAnalysis(photo(TRASTEVERE)).title,
    ];
    expect(new Set(titles).size).toBe(titles.length);
    expect(titles).not.toContain('Rome');
    // without a date, the position tells it apart
    expect(titles[3]).toBe('Rome, 41.8867° N, 12.4663° E');
  });
});
