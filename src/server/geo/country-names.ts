import { borders } from '@rapideditor/country-coder';
import type { LanguageCode } from '../../shared/languages';

/** Where the CLDR short name is not what a traveller would write. */
const ENGLISH_OVERRIDES: Record<string, string> = {
  MM: 'Myanmar',
  HK: 'Hong Kong',
  MO: 'Macao',
  PS: 'Palestine',
};

/** Other English spellings people and older data use, mapped to ISO 3166-1 alpha-2 codes. */
export const ALIASES: Record<string, string> = {
  'united states of america': 'US',
  usa: 'US',
  'u.s.a.': 'US',
  us: 'US',
  america: 'US',
  uk: 'GB',
  'great britain': 'GB',
  britain: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  'czech republic': 'CZ',
  turkey: 'TR',
  burma: 'MM',
  'ivory coast': 'CI',
  "cote d'ivoire": 'CI',
  holland: 'NL',
  'the netherlands': 'NL',
  'republic of korea': 'KR',
  korea: 'KR',
  'russian federation': 'RU',
  'viet nam': 'VN',
  vatican: 'VA',
  'holy see': 'VA',
  swaziland: 'SZ',
  'cape verde': 'CV',
  'east timor': 'TL',
  macedonia: 'MK',
  'hong kong sar china': 'HK',
  'macao sar china': 'MO',
  macau: 'MO',
  'people’s republic of china': 'CN',
  "people's republic of china": 'CN',
  prc: 'CN',
  uae: 'AE',
};

// country-coder's feature type depends on @types/geojson, which is not installed: name the part we read.
const { features } = borders as unknown as { features: Array<{ properties: { iso1A2?: string } }> };
const regionCodes: string[] = [
  ...new Set(
    features
      .map((f) => f.properties.iso1A2)
      .filter((code): code is string => typeof code === 'string' && /^[A-Z]{2}$/.test(code)),
  ),
];

const displayNames = new Map<string, Intl.DisplayNames>();
function namesIn(locale: string): Intl.DisplayNames {
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    displayNames.set(locale, names);
  }
  return names;
}

const normalize = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[’‘]/g, "'")
    .trim()
    .toLowerCase();

let englishIndex: Map<string, string> | undefined;
function index(): Map<string, string> {
  if (englishIndex) return englishIndex;
  englishIndex = new Map();
  for (const code of regionCodes) {
    const cldr = namesIn('en').of(code);
    if (cldr) englishIndex.set(normalize(cldr), code);
    const override = ENGLISH_OVERRIDES[code];
    if (override) englishIndex.set(normalize(override), code);
  }
  for (const [alias, code] of Object.entries(ALIASES)) englishIndex.set(normalize(alias), code);
  return englishIndex;
}

/** The English short name of a country ("United States", "Czechia"), as places store it. */
export function englishCountryName(code: string): string | undefined {
  const upper = code.toUpperCase();
  return ENGLISH_OVERRIDES[upper] ?? namesIn('en').of(upper);
}

/** ISO 3166-1 alpha-2 code for an English country name or common alias, or undefined. */
export function countryCodeOf(name: string): string | undefined {
  return index().get(normalize(name));
}

/**
 * The country's name in `lang`, from the CLDR data built into Node (Intl.DisplayNames): works
 * offline, without an AI provider. Undefined when the name is not a country we recognise.
 */
export function translateCountryName(name: string, lang: LanguageCode): string | undefined {
  const code = countryCodeOf(name);
  if (!code) return undefined;
  if (lang === 'en') return englishCountryName(code);
  return namesIn(lang === 'zh' ? 'zh-CN' : lang).of(code);
}

/** Names asked for by pages, per language: a few hundred at most, bounded in case of odd data. */
const LOCAL_NAMES_MAX = 4096;
const localNames = new Map<string, string>();

/**
 * How a page in `lang` names a country stored in English: the CLDR name ("Italien", "意大利"),
 * or the stored name itself when it is no country we recognise. Remembered per language and name,
 * so lists and pages cost a map lookup per row.
 */
export function localCountryName(name: string, lang: LanguageCode): string {
  if (lang === 'en') return name;
  const key = `${lang}\u0000${name}`;
  let local = localNames.get(key);
  if (local === undefined) {
    local = translateCountryName(name, lang) ?? name;
    if (localNames.size >= LOCAL_NAMES_MAX) localNames.clear();
    localNames.set(key, local);
  }
  return local;
}
