import { describe, expect, it } from 'vitest';
import { isCalendarDate, isImageAddress, updatePlaceRequest } from './admin-places';

describe('the Edit Place contract', () => {
  it('accepts only real calendar days', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-13-01')).toBe(false);
    expect(isCalendarDate('01/02/2024')).toBe(false);
  });

  it('accepts site paths and http(s) images, never scripts or protocol-relative hosts', () => {
    expect(isImageAddress('/media/web/x-1000.jpg')).toBe(true);
    expect(isImageAddress('https://images.example/x.jpg')).toBe(true);
    expect(isImageAddress('javascript:alert(1)')).toBe(false);
    expect(isImageAddress('//evil.example/x.jpg')).toBe(false);
    expect(isImageAddress('data:image/png;base64,AAAA')).toBe(false);
  });

  it("answers 'Required' for blank fields and trims the rest", () => {
    const result = updatePlaceRequest.safeParse({
      title: '  ',
      description: ' Nice ',
      location: 'Paris',
      country: 'France',
      imageUrl: '/media/a.jpg',
      date: '2024-01-01',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['title'], message: 'Required' });
    const ok = updatePlaceRequest.parse({
      title: ' T ',
      description: ' Nice ',
      location: 'Paris',
      country: 'France',
      imageUrl: '/media/a.jpg',
      date: '2024-01-01',
    });
    expect(ok.title).toBe('T');
  });
});
