import type { LanguageCode } from './languages';

/*
 * The themes of the catalogue (docs/decisions/041-themes.md, docs/product.md §22): a fixed
 * taxonomy kept here, in the repository, like the interface text. A theme's `id` is what the
 * database stores (place_themes.theme) and its `slug` is its address (/{lang}/themes/{slug}); both
 * are stable: renaming a theme changes its names, never these. The names and the words a visitor
 * may search for are written by a person in each language of the site.
 */

export interface Theme {
  id: string;
  slug: string;
  /** What the theme is called in each language. */
  name: Record<LanguageCode, string>;
  /** Words a visitor may type for it in each language (the name counts too). */
  words: Record<LanguageCode, readonly string[]>;
}

/** A place has at most this many themes. */
export const THEMES_PER_PLACE_MAX = 3;

export const THEMES: readonly Theme[] = [
  {
    id: 'viewpoints',
    slug: 'viewpoints',
    name: { en: 'Viewpoints', es: 'Miradores', de: 'Aussichtspunkte', fr: 'Points de vue', zh: '观景台' },
    words: {
      en: ['viewpoint', 'view', 'lookout', 'panorama', 'observation deck'],
      es: ['mirador', 'vistas', 'panorámica'],
      de: ['Aussicht', 'Aussichtspunkt', 'Panorama', 'Ausblick'],
      fr: ['point de vue', 'belvédère', 'panorama', 'vue'],
      zh: ['观景', '景观台', '全景', '俯瞰'],
    },
  },
  {
    id: 'old-towns',
    slug: 'old-towns-and-streets',
    name: {
      en: 'Old towns and streets',
      es: 'Cascos antiguos y calles',
      de: 'Altstädte und Gassen',
      fr: 'Vieilles villes et ruelles',
      zh: '古城与老街',
    },
    words: {
      en: ['old town', 'street', 'historic centre', 'historic center', 'alley'],
      es: ['casco antiguo', 'casco histórico', 'calle', 'barrio antiguo'],
      de: ['Altstadt', 'Gasse', 'Straße', 'historisches Zentrum'],
      fr: ['vieille ville', 'ruelle', 'rue', 'centre historique'],
      zh: ['古城', '老街', '老城', '街道'],
    },
  },
  {
    id: 'churches',
    slug: 'churches-and-temples',
    name: {
      en: 'Churches and temples',
      es: 'Iglesias y templos',
      de: 'Kirchen und Tempel',
      fr: 'Églises et temples',
      zh: '教堂与寺庙',
    },
    words: {
      en: ['church', 'cathedral', 'temple', 'mosque', 'shrine', 'monastery', 'synagogue'],
      es: ['iglesia', 'catedral', 'templo', 'mezquita', 'santuario', 'monasterio'],
      de: ['Kirche', 'Dom', 'Kathedrale', 'Tempel', 'Moschee', 'Kloster', 'Münster'],
      fr: ['église', 'cathédrale', 'temple', 'mosquée', 'sanctuaire', 'monastère'],
      zh: ['教堂', '寺庙', '寺', '神社', '清真寺', '修道院'],
    },
  },
  {
    id: 'castles',
    slug: 'castles-and-palaces',
    name: {
      en: 'Castles and palaces',
      es: 'Castillos y palacios',
      de: 'Burgen und Schlösser',
      fr: 'Châteaux et palais',
      zh: '城堡与宫殿',
    },
    words: {
      en: ['castle', 'palace', 'fortress', 'fort'],
      es: ['castillo', 'palacio', 'fortaleza', 'alcázar'],
      de: ['Burg', 'Schloss', 'Palast', 'Festung'],
      fr: ['château', 'palais', 'forteresse', 'fort'],
      zh: ['城堡', '宫殿', '皇宫', '要塞'],
    },
  },
  {
    id: 'museums',
    slug: 'museums',
    name: { en: 'Museums', es: 'Museos', de: 'Museen', fr: 'Musées', zh: '博物馆' },
    words: {
      en: ['museum', 'gallery', 'exhibition'],
      es: ['museo', 'galería', 'exposición'],
      de: ['Museum', 'Galerie', 'Ausstellung'],
      fr: ['musée', 'galerie', 'exposition'],
      zh: ['博物馆', '美术馆', '展览'],
    },
  },
  {
    id: 'gardens',
    slug: 'gardens-and-parks',
    name: {
      en: 'Gardens and parks',
      es: 'Jardines y parques',
      de: 'Gärten und Parks',
      fr: 'Jardins et parcs',
      zh: '花园与公园',
    },
    words: {
      en: ['garden', 'park', 'botanical garden'],
      es: ['jardín', 'parque', 'jardín botánico'],
      de: ['Garten', 'Park', 'Botanischer Garten'],
      fr: ['jardin', 'parc', 'jardin botanique'],
      zh: ['花园', '公园', '植物园', '园林'],
    },
  },
  {
    id: 'nature',
    slug: 'nature-and-hikes',
    name: {
      en: 'Nature and hikes',
      es: 'Naturaleza y senderismo',
      de: 'Natur und Wandern',
      fr: 'Nature et randonnées',
      zh: '自然与徒步',
    },
    words: {
      en: ['nature', 'hike', 'hiking', 'mountain', 'trail', 'lake', 'forest', 'waterfall'],
      es: ['naturaleza', 'senderismo', 'montaña', 'sendero', 'lago', 'bosque', 'cascada'],
      de: ['Natur', 'Wandern', 'Wanderung', 'Berg', 'Wanderweg', 'See', 'Wald', 'Wasserfall'],
      fr: ['nature', 'randonnée', 'montagne', 'sentier', 'lac', 'forêt', 'cascade'],
      zh: ['自然', '徒步', '登山', '山', '湖', '森林', '瀑布'],
    },
  },
  {
    id: 'coast',
    slug: 'coast-and-beaches',
    name: {
      en: 'Coast and beaches',
      es: 'Costa y playas',
      de: 'Küste und Strände',
      fr: 'Côtes et plages',
      zh: '海岸与海滩',
    },
    words: {
      en: ['coast', 'beach', 'sea', 'seaside', 'cliff', 'bay'],
      es: ['costa', 'playa', 'mar', 'acantilado', 'bahía'],
      de: ['Küste', 'Strand', 'Meer', 'Klippe', 'Bucht'],
      fr: ['côte', 'plage', 'mer', 'falaise', 'baie'],
      zh: ['海岸', '海滩', '海边', '海', '悬崖', '海湾'],
    },
  },
  {
    id: 'markets',
    slug: 'markets-and-food',
    name: {
      en: 'Markets and food',
      es: 'Mercados y gastronomía',
      de: 'Märkte und Essen',
      fr: 'Marchés et gastronomie',
      zh: '市场与美食',
    },
    words: {
      en: ['market', 'food', 'bazaar', 'street food', 'cafe', 'restaurant'],
      es: ['mercado', 'comida', 'gastronomía', 'bazar', 'café', 'restaurante'],
      de: ['Markt', 'Essen', 'Basar', 'Streetfood', 'Café', 'Restaurant', 'Markthalle'],
      fr: ['marché', 'cuisine', 'gastronomie', 'bazar', 'café', 'restaurant'],
      zh: ['市场', '美食', '集市', '小吃', '餐厅'],
    },
  },
  {
    id: 'monuments',
    slug: 'monuments-and-squares',
    name: {
      en: 'Monuments and squares',
      es: 'Monumentos y plazas',
      de: 'Denkmäler und Plätze',
      fr: 'Monuments et places',
      zh: '纪念碑与广场',
    },
    words: {
      en: ['monument', 'memorial', 'statue', 'square', 'ruins', 'landmark'],
      es: ['monumento', 'memorial', 'estatua', 'plaza', 'ruinas'],
      de: ['Denkmal', 'Monument', 'Statue', 'Platz', 'Ruine', 'Wahrzeichen'],
      fr: ['monument', 'mémorial', 'statue', 'place', 'ruines'],
      zh: ['纪念碑', '纪念馆', '雕像', '广场', '遗址', '地标'],
    },
  },
  {
    id: 'water',
    slug: 'bridges-and-waterfronts',
    name: {
      en: 'Bridges and waterfronts',
      es: 'Puentes y riberas',
      de: 'Brücken und Ufer',
      fr: 'Ponts et quais',
      zh: '桥梁与水岸',
    },
    words: {
      en: ['bridge', 'waterfront', 'river', 'canal', 'harbour', 'harbor', 'port'],
      es: ['puente', 'ribera', 'río', 'canal', 'puerto', 'paseo marítimo'],
      de: ['Brücke', 'Ufer', 'Fluss', 'Kanal', 'Hafen', 'Promenade'],
      fr: ['pont', 'quai', 'fleuve', 'rivière', 'canal', 'port'],
      zh: ['桥', '桥梁', '水岸', '河', '运河', '港口'],
    },
  },
  {
    id: 'modern',
    slug: 'modern-architecture',
    name: {
      en: 'Modern architecture',
      es: 'Arquitectura moderna',
      de: 'Moderne Architektur',
      fr: 'Architecture moderne',
      zh: '现代建筑',
    },
    words: {
      en: ['modern architecture', 'skyscraper', 'tower', 'contemporary'],
      es: ['arquitectura moderna', 'rascacielos', 'torre', 'contemporáneo'],
      de: ['moderne Architektur', 'Wolkenkratzer', 'Hochhaus', 'Turm'],
      fr: ['architecture moderne', 'gratte-ciel', 'tour', 'contemporain'],
      zh: ['现代建筑', '摩天大楼', '高楼', '塔'],
    },
  },
];

const BY_ID = new Map(THEMES.map((theme) => [theme.id, theme]));
const BY_SLUG = new Map(THEMES.map((theme) => [theme.slug, theme]));

export const themeById = (id: string): Theme | undefined => BY_ID.get(id);
export const themeBySlug = (slug: string): Theme | undefined => BY_SLUG.get(slug);

/** Text folded for matching: no case, no accents (ß as ss). */
const fold = (text: string) =>
  text
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** Whether a query's word names a theme's word: the whole word, or (two letters or more) its plural or stem. */
function wordMatches(query: string, word: string): boolean {
  if (query === word) return true;
  if (/[\u3400-\u9fff]/.test(word)) return query.includes(word);
  return (
    query.length >= 3 && (word.startsWith(query) || query.startsWith(word)) && Math.abs(word.length - query.length) <= 2
  );
}

/**
 * The themes a search query names in `lang` (its name or one of its words, then the same in
 * English): "Burg" on /de finds castles and palaces, "castle" anywhere too.
 */
export function themesMatching(query: string, lang: LanguageCode): Theme[] {
  const q = fold(query);
  if (!q) return [];
  const langs: LanguageCode[] = lang === 'en' ? ['en'] : [lang, 'en'];
  return THEMES.filter((theme) =>
    langs.some((l) => [theme.name[l], ...theme.words[l]].some((word) => wordMatches(q, fold(word)))),
  );
}
