import { createHash } from 'node:crypto';
import { SLUG_MAX_LENGTH } from '../../shared/limits';
import type { DbOrTx } from '../db/client';
import { listSlugsLike } from '../db/repos/slugs-repo';

/** Letters that Unicode decomposition does not reduce to ASCII. */
const LATIN: Record<string, string> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ø: 'o',
  Ø: 'o',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  Ð: 'd',
  þ: 'th',
  Þ: 'th',
  ł: 'l',
  Ł: 'l',
  ı: 'i',
  ħ: 'h',
  Ħ: 'h',
  ŧ: 't',
  Ŧ: 't',
  ŋ: 'ng',
  Ŋ: 'ng',
  ĸ: 'k',
  '&': ' and ',
  '@': ' at ',
};

const GREEK: Record<string, string> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};

const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'yo',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  і: 'i',
  ї: 'yi',
  є: 'ye',
  ґ: 'g',
  ў: 'u',
  ј: 'j',
  љ: 'lj',
  њ: 'nj',
  ћ: 'c',
  ђ: 'dj',
  џ: 'dz',
};

/** Paths of the public site that a slug must never shadow (/{lang}/home, /{lang}/countries). */
const RESERVED = new Set(['home', 'countries', 'iladmin', 'api', 'media', 'assets']);

const MAX_BASE_LENGTH = 80;

const mapChar = (char: string) => {
  const lower = char.toLowerCase();
  return LATIN[char] ?? GREEK[lower] ?? CYRILLIC[lower];
};

function transliterate(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    // Whole letters first (Cyrillic й is not и with a mark); else decompose (é -> e, ό -> ο) and retry.
    const base = char.normalize('NFKD').replace(/\p{M}+/gu, '');
    out += mapChar(char) ?? [...base].map((c) => mapChar(c) ?? c).join('');
  }
  return out;
}

/**
 * A URL slug: ASCII, lowercase, words joined by hyphens. Accents and Greek/Cyrillic letters are
 * transliterated; text left without any Latin letter or digit (e.g. Chinese, for which no
 * transliteration table ships) becomes "place-" plus a short stable hash, never an empty slug.
 */
export function slugify(text: string): string {
  const ascii = transliterate(text)
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const cut = ascii.length > MAX_BASE_LENGTH ? ascii.slice(0, MAX_BASE_LENGTH).replace(/-[^-]*$/, '') : ascii;
  if (cut) return cut;
  const hash = createHash('sha256').update(text.trim()).digest('hex').slice(0, 8);
  return `place-${hash}`;
}

/**
 * A slug for `text` not yet used by any place, city or country ("paris", then "paris-2", ...).
 * Call inside the transaction that inserts the row; the unique indexes remain the last word.
 */
export async function uniqueSlug(db: DbOrTx, text: string): Promise<string> {
  const base = slugify(text);
  const taken = await listSlugsLike(db, base);
  if (!taken.has(base) && !RESERVED.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate) && candidate.length <= SLUG_MAX_LENGTH) return candidate;
  }
}
