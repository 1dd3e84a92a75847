/**
 * A model's text as the plain text every field holds: HTML tags (and what script and style
 * elements hold) and Markdown marks removed, words kept. Pages escape everything anyway; this is
 * so a visitor never reads markup ("**bold**", "<img ...>") and a title's slug is made of words.
 */
export function plainText(text: string): string {
  return (
    text
      .replace(/<(script|style)\b[^>]*>[\s\S]*?(<\/\1\s*>|$)/gi, ' ')
      .replace(/<!--[\s\S]*?(-->|$)/g, ' ')
      // inline elements go without a trace ("the <b>article</b>."), others leave a space between words
      .replace(/<\/?(a|abbr|b|cite|code|em|i|mark|q|s|small|span|strong|sub|sup|u)\b[^>]*>/gi, '')
      .replace(/<\/?[a-z][^>]*>?/gi, ' ')
      // Markdown: images and links keep their words, then emphasis, code, headings, quotes and rules
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
      .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
      .replace(/(^|[\s(])([*_])(?=\S)([^*_\n]*?\S)\2(?=[\s.,;:!?)]|$)/g, '$1$3')
      .replace(/`+([^`]*)`+/g, '$1')
      .replace(/^[ \t]*#{1,6}[ \t]+/gm, '')
      .replace(/^[ \t]*>[ \t]?/gm, '')
      .replace(/^[ \t]*([-*_])([ \t]*\1){2,}[ \t]*$/gm, '')
      .replace(/^[ \t]*[*+][ \t]+/gm, '')
      // the spaces the removals left, without touching paragraph breaks
      .replace(/[ \t]{2,}/g, ' ')
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n[ \t]+/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/** Every string of an answer (at any depth) as plain text. */
export function plainTextDeep<T>(value: T): T {
  if (typeof value === 'string') return plainText(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => plainTextDeep(item)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainTextDeep(v)])) as T;
  }
  return value;
}
