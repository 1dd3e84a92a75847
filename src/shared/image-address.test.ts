import { describe, expect, it } from 'vitest';
import { imageAddressField } from './api/image-address-field';
import { BLANK_IMAGE, IMAGE_ADDRESS_MESSAGE, isImageAddress, siteImage } from './image-address';

const SITE = 'https://site.example';
/** Where a browser on this site would fetch the address from (the WHATWG parser, as in Chromium). */
const originOf = (value: string) => new URL(value, SITE).origin;

describe('image addresses', () => {
  it('accepts paths on this site', () => {
    for (const ok of [
      '/media/web/3f2c9a-1000.jpg',
      '/media/web/0123456789abcdef0123456789abcdef_4032x3024-1000.jpg',
      '/og-image.jpg',
      '/media/originals/a.jpg?download=1',
      '/media/web/caf%C3%A9.jpg',
    ]) {
      expect(isImageAddress(ok), ok).toBe(true);
    }
  });

  it('refuses every address a browser would fetch from another site', () => {
    const hostile = [
      '/\\evil.example/x.jpg',
      '\\\\evil.example/x.jpg',
      '\\/evil.example/x.jpg',
      '//evil.example/x.jpg',
      '/\t/evil.example/x.jpg',
      '/\n/evil.example/x.jpg',
      '/\r/evil.example/x.jpg',
      '/\t\\evil.example/x.jpg',
      'https://evil.example/x.jpg',
      'http://evil.example/x.jpg',
      'HTTPS://evil.example/x.jpg',
      '///evil.example/x.jpg',
    ];
    for (const value of hostile) {
      // each of these really is another origin to a browser, which is why it must be refused
      expect(originOf(value), JSON.stringify(value)).not.toBe(SITE);
      expect(isImageAddress(value), JSON.stringify(value)).toBe(false);
    }
  });

  it('refuses scripts, data, backslashes, controls and whitespace anywhere', () => {
    for (const value of [
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'https:evil.example/x.jpg',
      'blob:https://site.example/0000',
      'media/web/x.jpg',
      '',
      '/media\\web\\x.jpg',
      '/media/web/x.jpg\u0000',
      '/media/\u0007x.jpg',
      '/media/web/x y.jpg',
      '/media/web/x\u00a0y.jpg',
      '/media/web/x\u2028y.jpg',
      '/media/web/x\u200by.jpg',
      '/media/web/x\u0085y.jpg',
      '/media/web/x\u007fy.jpg',
      '/media/web/x\ufeffy.jpg',
    ]) {
      expect(isImageAddress(value), JSON.stringify(value)).toBe(false);
    }
  });

  it('leaves percent-encoded slashes and backslashes as paths on this site, as browsers do', () => {
    // Browsers never decode %5C or %2F before resolving: these stay on this site (a 404 at worst).
    for (const value of ['/%5Cevil.example/x.jpg', '/%2F%2Fevil.example/x.jpg', '/%5C%5Cevil.example']) {
      expect(originOf(value)).toBe(SITE);
      expect(new URL(value, SITE).pathname).toBe(value);
      expect(isImageAddress(value)).toBe(true);
    }
  });

  it('answers a plain message in the request contract, after trimming', () => {
    const refused = imageAddressField.safeParse('/\\evil.example/x.jpg');
    expect(refused.error?.issues[0]?.message).toBe(IMAGE_ADDRESS_MESSAGE);
    expect(IMAGE_ADDRESS_MESSAGE).toMatch(/^Image URL must be an address on this site/);
    expect(imageAddressField.safeParse('').error?.issues[0]?.message).toBe('Image URL is required');
    expect(imageAddressField.parse('  /media/web/x-1000.jpg\n')).toBe('/media/web/x-1000.jpg');
  });

  it('never hands a refused stored address to a page', () => {
    expect(siteImage('/media/web/x-1000.jpg')).toBe('/media/web/x-1000.jpg');
    expect(siteImage('/\\evil.example/x.jpg')).toBe(BLANK_IMAGE);
    expect(siteImage('https://evil.example/x.jpg', '/og-image.jpg')).toBe('/og-image.jpg');
    expect(siteImage(null)).toBe(BLANK_IMAGE);
  });
});
