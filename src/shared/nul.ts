/** The text without any U+0000 (PostgreSQL text and jsonb cannot store it). */
export const stripNul = (text: string): string => (text.includes('\u0000') ? text.replaceAll('\u0000', '') : text);

/**
 * A copy of JSON-like data (strings, arrays, plain objects) with U+0000 removed from every string
 * and every key, at any depth. Other values (numbers, booleans, null, dates, buffers) are kept as
 * they are. For text that did not come from a person typing it: EXIF and AI model output.
 */
export function stripNulDeep<T>(value: T): T {
  if (typeof value === 'string') return stripNul(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => stripNulDeep(item)) as T;
  if (value === null || typeof value !== 'object') return value;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[stripNul(key)] = stripNulDeep(item);
  return out as T;
}
