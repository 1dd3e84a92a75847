import { describe, expect, it } from 'vitest';
import { LANDMARKS } from './landmarks';
import { createReverseGeocoder } from './reverse-geocoder';

const geocoder = createReverseGeocoder();

describe('offline reverse geocoder', () => {
  it('names the right city for at least 95% and the right country for all of 50+ landmarks', () => {
    expect(LANDMARKS.length).toBeGreaterThanOrEqual(50);
    const wrongCity: string[] = [];
    const wrongCountry: string[] = [];
    for (const landmark of LANDMARKS) {
      const found = geocoder.lookup(landmark.latitude, landmark.longitude);
      if (!found.city || !landmark.cities.includes(found.city)) wrongCity.push(`${landmark.name}: ${found.city}`);
      if (found.country !== landmark.country) wrongCountry.push(`${landmark.name}: ${found.country}`);
    }
    const cityAccuracy = 1 - wrongCity.length / LANDMARKS.length;
    console.info(
      `geocoder: city ${(cityAccuracy * 100).toFixed(1)}% of ${LANDMARKS.length}; misses: ${wrongCity.join(', ') || 'none'}`,
    );
    expect(wrongCountry).toEqual([]);
    expect(cityAccuracy).toBeGreaterThanOrEqual(0.95);
  });

  it('names a town for its own centre even where a larger neighbour’s urban area reaches it', () => {
    // Sintra (26,000) at its GeoNames point; Algueirão (66,000) lies 3 km away.
    expect(geocoder.lookup(38.80097, -9.37826)).toMatchObject({ city: 'Sintra', country: 'Portugal' });
  });

  it('answers no town for a point in the open ocean', () => {
    const found = geocoder.lookup(30, -40);
    expect(found.city).toBeUndefined();
    expect(geocoder.lookup(-45, -130)).toEqual({ city: undefined, country: undefined, countryCode: undefined });
  });

  it('looks up a point in under a millisecond once loaded', () => {
    geocoder.warmUp();
    const runs = 2000;
    const started = performance.now();
    for (let i = 0; i < runs; i++) {
      const landmark = LANDMARKS[i % LANDMARKS.length]!;
      geocoder.lookup(landmark.latitude + (i % 7) * 0.001, landmark.longitude);
    }
    const perLookup = (performance.now() - started) / runs;
    console.info(`geocoder: ${perLookup.toFixed(3)} ms per lookup`);
    expect(perLookup).toBeLessThan(1);
  });
});
