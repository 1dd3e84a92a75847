/**
 * The one rule for image addresses an administrator may store (places, cities, countries) and the
 * site may put in a page: a path on this site, never another origin.
 *
 * Browsers read `\` as `/` in http(s) addresses and drop tabs and newlines inside them, so
 * `/\evil.example/x.jpg` and `/\t/evil.example` both mean `//evil.example/...`, another site. Those
 * characters are refused outright, as are every other control character and whitespace, and `//`
 * at the start; what remains must still resolve to the site's own origin. Percent-encoded forms
 * (`/%5Cevil.example`, `/%2F%2Fevil.example`) are left as they are: browsers do not decode them
 * before resolving, so they stay paths on this site (a 404 at worst).
 *
 * Absolute addresses of other sites are refused too (they were accepted before 2026-11-26): a page
 * would load, preload and offer for download a file this site does not control.
 */
const SITE_ORIGIN = 'https://site.example';
/** Backslash, whitespace (Unicode's too), C0 and C1 controls, DEL, and invisible format characters. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const FORBIDDEN = /[\\\s\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/u;

export const IMAGE_ADDRESS_MESSAGE =
  'Image URL must be an address on this site starting with a single /, such as /media/web/photo-1000.jpg. ' +
  'Addresses of other sites are not accepted: upload the photo here first and use its address.';

/** True for a path on this site that no browser would resolve to another origin. */
export function isImageAddress(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  if (FORBIDDEN.test(value)) return false;
  try {
    return new URL(value, SITE_ORIGIN).origin === SITE_ORIGIN;
  } catch {
    return false;
  }
}

/** A transparent 1 × 1 GIF: shown instead of a stored address the rule refuses; it loads nothing. */
export const BLANK_IMAGE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/**
 * The address to put in a page for a stored image: itself when the rule accepts it, else
 * `fallback`. Rows written before the rule (or by hand) can never send a visitor elsewhere.
 */
export function siteImage(value: string | null | undefined, fallback = BLANK_IMAGE): string {
  return value && isImageAddress(value) ? value : fallback;
}
