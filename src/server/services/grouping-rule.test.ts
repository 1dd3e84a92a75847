import { describe, expect, it } from 'vitest';
import { byDistance, groupTarget, metresBetween } from './grouping-rule';

// The Rosaleda of the Retiro, Madrid: one degree of latitude is 111.2 km everywhere.
const PERGOLA = { latitude: 40.4125, longitude: -3.6828 };
const north = (metres: number) => ({ latitude: PERGOLA.latitude + metres / 111_195, longitude: PERGOLA.longitude });
const place = (id: string, at: { latitude: number | null; longitude: number | null }) => ({ id, ...at });

describe('metresBetween', () => {
  it('measures great-circle distances in metres', () => {
    expect(metresBetween(PERGOLA, PERGOLA)).toBe(0);
    expect(metresBetween(PERGOLA, north(30))).toBeCloseTo(30, 0);
    // Madrid (Puerta del Sol) to Paris (Notre-Dame): about 1,053 km
    const sol = { latitude: 40.4169, longitude: -3.7035 };
    const notreDame = { latitude: 48.853, longitude: 2.3499 };
    expect(metresBetween(sol, notreDame) / 1000).toBeCloseTo(1053, -1);
    // across the antimeridian: two points 0.002° of longitude apart on the equator, 222 m
    expect(metresBetween({ latitude: 0, longitude: 179.999 }, { latitude: 0, longitude: -179.999 })).toBeCloseTo(
      222,
      0,
    );
  });
});

describe('groupTarget', () => {
  it('joins the nearest place within the distance', () => {
    const candidates = [place('far', north(80)), place('near', north(30)), place('farther', north(95))];
    expect(groupTarget(candidates, PERGOLA, 100)).toMatchObject({ id: 'near' });
    expect(groupTarget(candidates, PERGOLA, 100)?.distanceMeters).toBeCloseTo(30, 0);
  });

  it('keeps a photo farther than the distance apart, even in the same town', () => {
    expect(groupTarget([place('same town', north(500))], PERGOLA, 100)).toBeUndefined();
    expect(groupTarget([place('just out', north(101))], PERGOLA, 100)).toBeUndefined();
  });

  it('counts a place exactly at the distance as near', () => {
    const edge = place('edge', north(100));
    const measured = metresBetween(PERGOLA, north(100));
    expect(groupTarget([edge], PERGOLA, measured)).toMatchObject({ id: 'edge' });
    expect(groupTarget([edge], PERGOLA, measured - 0.01)).toBeUndefined();
  });

  it('never joins a place without a position', () => {
    const unplaced = [
      place('no latitude', { latitude: null, longitude: PERGOLA.longitude }),
      place('none', { latitude: null, longitude: null }),
    ];
    expect(groupTarget(unplaced, PERGOLA, 100)).toBeUndefined();
    expect(groupTarget([...unplaced, place('placed', north(60))], PERGOLA, 100)).toMatchObject({ id: 'placed' });
  });

  it('groups nothing when the distance is 0 (grouping off) or there is no candidate', () => {
    expect(groupTarget([place('here', PERGOLA)], PERGOLA, 0)).toBeUndefined();
    expect(groupTarget([], PERGOLA, 100)).toBeUndefined();
  });
});

describe('byDistance', () => {
  it('orders places nearest first and leaves out those without a position', () => {
    const rows = byDistance(
      [place('b', north(900)), place('x', { latitude: null, longitude: null }), place('a', north(10))],
      PERGOLA,
    );
    expect(rows.map((row) => row.id)).toEqual(['a', 'b']);
  });
});
