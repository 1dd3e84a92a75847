import { describe, expect, it } from 'vitest';
import { makePhoto, withNulInExifText } from '../../../tests/helpers/photos';
import { photoFacts, readExif, toExifData } from './exif';

const hasNul = (value: unknown) => JSON.stringify(value).includes('\\u0000');

describe('photoFacts', () => {
  it('reads decimal degrees as exifr computes them', () => {
    expect(photoFacts({ latitude: 48.8584, longitude: 2.2945 })).toMatchObject({
      latitude: 48.8584,
      longitude: 2.2945,
    });
  });

  it('reads degrees, minutes and seconds with their N/S/E/W references', () => {
    const facts = photoFacts({
      GPSLatitude: [33, 51, 24.48],
      GPSLatitudeRef: 'S',
      GPSLongitude: [151, 12, 55.08],
      GPSLongitudeRef: 'E',
      GPSAltitude: 12,
      GPSAltitudeRef: 1,
    });
    expect(facts.latitude).toBeCloseTo(-33.8568, 4);
    expect(facts.longitude).toBeCloseTo(151.2153, 4);
    expect(facts.altitude).toBe(-12);
  });

  it('treats 0,0 and out-of-range values as no position', () => {
    expect(photoFacts({ latitude: 0, longitude: 0 }).latitude).toBeUndefined();
    expect(photoFacts({ latitude: 91, longitude: 10 }).latitude).toBeUndefined();
    expect(photoFacts({ latitude: 'north', longitude: 10 }).latitude).toBeUndefined();
  });

  it('takes the calendar date as the camera wrote it, and the camera name once', () => {
    expect(
      photoFacts({ DateTimeOriginal: '2024:05:01 23:59:59', Make: 'Apple', Model: 'iPhone 15 Pro' }),
    ).toMatchObject({
      dateTaken: '2024-05-01',
      camera: 'Apple iPhone 15 Pro',
    });
    expect(photoFacts({ CreateDate: '2023-12-24T10:00:00', Make: 'Canon', Model: 'Canon EOS R5' })).toMatchObject({
      dateTaken: '2023-12-24',
      camera: 'Canon EOS R5',
    });
  });
});

describe('toExifData', () => {
  it('keeps JSON-friendly values and drops binary blobs', () => {
    expect(
      toExifData({
        Make: 'Apple\0',
        ISO: 100,
        when: new Date('2024-01-01T00:00:00Z'),
        thumb: new Uint8Array(10),
        bad: NaN,
      }),
    ).toEqual({ Make: 'Apple', ISO: 100, when: '2024-01-01T00:00:00.000Z' });
  });

  it('removes NUL from keys and from every string, inside arrays too, anywhere in the text', () => {
    const exif = toExifData({
      Make: 'Exam\0ple\0\0\0',
      'Mo\0del': 'X100',
      '\0': 'only a NUL as key',
      XPKeywords: ['a\0b', 1, 'c'],
      GPSLatitude: [48, 51, NaN],
    });
    expect(exif).toEqual({ Make: 'Example', Model: 'X100', XPKeywords: ['ab', 1, 'c'], GPSLatitude: [48, 51, null] });
    expect(hasNul(exif)).toBe(false);
  });
});

describe('readExif', () => {
  it('reads a photo whose EXIF text fields hold NUL bytes, without the NUL', async () => {
    let photo = await makePhoto({ gps: { latitude: 48.8584, longitude: 2.2945 }, width: 120, height: 80 });
    photo = withNulInExifText(photo, 'Examplecam X100', 10);
    photo = withNulInExifText(photo, 'Test Suite', 9);
    photo = withNulInExifText(photo, 'SN-0042-SECRET', 0);
    const exif = await readExif(photo);
    expect(exif).toMatchObject({ Make: 'Examplecam', Model: 'ExamplecamX100', Software: 'Test Suit' });
    expect(exif.latitude).toBeCloseTo(48.8584, 4);
    expect(hasNul(exif)).toBe(false);
    expect(photoFacts(exif).camera).toBe('ExamplecamX100');
  });
});
