import { describe, expect, it } from 'vitest';
import { isNotModified, pickEncoding } from './conditional-get';

describe('the encoding of an answer', () => {
  it('gives the client the encoding it wants most, brotli when it wants both as much', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('GZIP')).toBe('gzip');
    expect(pickEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(pickEncoding('br;q=0.8, gzip;q=0.8')).toBe('br');
    expect(pickEncoding('*')).toBe('br');
  });

  it('honours a q=0 refusal, also against *', () => {
    expect(pickEncoding('gzip;q=0, *')).toBe('br');
    expect(pickEncoding('br;q=0, *')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0, *')).toBeUndefined();
    expect(pickEncoding('*;q=0')).toBeUndefined();
    expect(pickEncoding('br;q=0.000, gzip')).toBe('gzip');
  });

  it('answers the identity body without the header, or with only encodings it does not make', () => {
    expect(pickEncoding(undefined)).toBeUndefined();
    expect(pickEncoding('')).toBeUndefined();
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding('deflate, x-gzip')).toBeUndefined();
  });
});

describe('conditional requests', () => {
  const notModified = (headers: Record<string, string>, lastModified?: Date) =>
    isNotModified(headers, { etag: '"abc"', lastModified });

  it('matches * and any tag of a list, weak or strong', () => {
    expect(notModified({ 'if-none-match': '*' })).toBe(true);
    expect(isNotModified({ 'if-none-match': ' * ' }, {})).toBe(true);
    expect(notModified({ 'if-none-match': '"abc"' })).toBe(true);
    expect(notModified({ 'if-none-match': 'W/"abc"' })).toBe(true);
    expect(notModified({ 'if-none-match': '"x", W/"y",W/"abc"' })).toBe(true);
    expect(notModified({ 'if-none-match': '"x,abc", "y"' })).toBe(false);
    expect(notModified({ 'if-none-match': '"x"' })).toBe(false);
    expect(notModified({ 'if-none-match': 'abc' })).toBe(false);
    expect(notModified({ 'if-none-match': '"abc' })).toBe(false);
    expect(notModified({ 'if-none-match': 'garbage, "abc"' })).toBe(true);
    expect(notModified({})).toBe(false);
  });

  it('reads If-Modified-Since only without If-None-Match, to the second', () => {
    const changed = new Date('2026-01-02T03:04:05.678Z');
    expect(notModified({ 'if-modified-since': 'Fri, 02 Jan 2026 03:04:05 GMT' }, changed)).toBe(true);
    expect(notModified({ 'if-modified-since': 'Fri, 02 Jan 2026 03:04:04 GMT' }, changed)).toBe(false);
    expect(notModified({ 'if-modified-since': 'not a date' }, changed)).toBe(false);
    expect(notModified({ 'if-modified-since': 'Fri, 02 Jan 2026 03:04:05 GMT' })).toBe(false);
    // a tag that does not match wins over a date that would
    const both = { 'if-none-match': '"x"', 'if-modified-since': 'Fri, 02 Jan 2027 00:00:00 GMT' };
    expect(notModified(both, changed)).toBe(false);
  });

  it('compares tags by their opaque part, weak or strong on either side, or by the answer’s own rule', () => {
    expect(isNotModified({ 'if-none-match': '"abc"' }, { etag: 'W/"abc"' })).toBe(true);
    expect(isNotModified({ 'if-none-match': '"abc-br"' }, { etag: (opaque) => opaque.startsWith('abc') })).toBe(true);
    expect(isNotModified({ 'if-none-match': '"abc"' }, {})).toBe(false);
  });
});
