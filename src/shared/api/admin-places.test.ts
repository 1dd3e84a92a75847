import { describe, expect, it } from 'vitest';
import { isCalendarDate, updatePlaceRequest } from './admin-places';

/** An Edit Place body the contract accepts; each case changes what it is about. */
const body = {
  title: 'T',
  description: 'Nice',
  location: 'Paris',
  country: 'France',
  imageUrl: '/media/a.jpg',
  date: '2024-01-01',
};

describe('the Edit Place contract', () => {
  it('accepts only real calendar days', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-13-01')).toBe(false);
    expect(isCalendarDate('01/02/2024')).toBe(false);
  });

  it('accepts only image addresses on this site (the rule is tested in shared/image-address.test.ts)', () => {
    expect(updatePlaceRequest.safeParse({ ...body, imageUrl: '/media/web/x-1000.jpg' }).success).toBe(true);
    for (const imageUrl of ['/\\evil.example/x.jpg', 'https://images.example/x.jpg', 'javascript:alert(1)']) {
      expect(updatePlaceRequest.safeParse({ ...body, imageUrl }).error?.issues[0]?.path).toEqual(['imageUrl']);
    }
  });

  it("answers 'Required' for blank fields and trims the rest", () => {
    const result = updatePlaceRequest.safeParse({ ...body, title: '  ', description: ' Nice ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['title'], message: 'Required' });
    const ok = updatePlaceRequest.parse({ ...body, title: ' T ', description: ' Nice ' });
    expect(ok.title).toBe('T');
  });
});
