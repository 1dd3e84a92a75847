/**
 * Text and attribute values as XML (sitemaps, GPX, KML, Atom, the SVG maps): the five markup
 * characters escaped, and characters XML 1.0 forbids (most control characters, lone surrogates,
 * U+FFFE and U+FFFF) dropped, so a file stays well-formed whatever a text holds.
 */
export function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}
