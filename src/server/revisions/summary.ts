import { LANGUAGES } from '../../shared/languages';
import type { EntitySnapshot, GalleryImageSnapshot, PlaceSnapshot } from '../db/repos/snapshots-repo';

const languageName = (lang: string) => LANGUAGES.find((l) => l.code === lang)?.name ?? lang;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Field -> the words for its change, in the order they are told. */
const PLACE_FIELDS: Array<[keyof PlaceSnapshot['place'], string]> = [
  ['title', 'Title changed'],
  ['description', 'Short description changed'],
  ['fullDescription', 'Full article changed'],
  ['location', 'City changed'],
  ['country', 'Country changed'],
  ['date', 'Date changed'],
  ['imageUrl', 'Cover changed'],
  ['slug', 'Web address changed'],
];
const AREA_FIELDS = [
  ['name', 'Name changed'],
  ['description', 'Description changed'],
  ['imageUrl', 'Photo changed'],
  ['slug', 'Web address changed'],
] as const;

/** What changed in the other languages of rows keyed by language ("German text changed"). */
function languageChanges<T extends { languageCode: string }>(
  before: T[],
  after: T[],
  content: (row: T) => unknown,
  what: string,
): string[] {
  const langs = [...new Set([...before, ...after].map((row) => row.languageCode))].sort();
  return langs.flatMap((lang) => {
    const a = before.find((row) => row.languageCode === lang);
    const b = after.find((row) => row.languageCode === lang);
    if (a && b && same(content(a), content(b))) return [];
    return [`${languageName(lang)} ${what} ${b ? 'changed' : 'removed'}`];
  });
}

const galleryTexts = (gallery: GalleryImageSnapshot[]) =>
  gallery.map((g) => g.texts.map((t) => [g.image.id, t.languageCode, t.caption, t.alt]));

/** The visit facts (docs/decisions/043-visit-facts.md): the facts with their English texts, then each other language's. */
function visitChanges(before: PlaceSnapshot, after: PlaceSnapshot): string[] {
  const facts = (s: PlaceSnapshot) => {
    const { updatedAt: _updatedAt, ...row } = s.visit?.facts ?? { updatedAt: null };
    return [row, s.visit?.texts.filter((t) => t.languageCode === 'en').map(visitText)];
  };
  const changes = same(facts(before), facts(after)) ? [] : ['Visit facts changed'];
  const others = (s: PlaceSnapshot) => (s.visit?.texts ?? []).filter((t) => t.languageCode !== 'en');
  return [...changes, ...languageChanges(others(before), others(after), visitText, 'visit facts')];
}
const visitText = (row: { hoursNote: string | null; priceText: string | null; accessibility: string | null }) => [
  row.hoursNote,
  row.priceText,
  row.accessibility,
];

function placeChanges(before: PlaceSnapshot, after: PlaceSnapshot): string[] {
  const changes = PLACE_FIELDS.filter(([field]) => before.place[field] !== after.place[field]).map(([, w]) => w);
  if (before.place.latitude !== after.place.latitude || before.place.longitude !== after.place.longitude)
    changes.push('Map position changed');
  if (before.place.state !== after.place.state)
    changes.push(after.place.state === 'published' ? 'Published' : 'Unpublished (draft)');
  const text = (row: PlaceSnapshot['translations'][number]) => [
    row.title,
    row.description,
    row.fullDescription,
    row.location,
    row.country,
  ];
  changes.push(...languageChanges(before.translations, after.translations, text, 'text'));
  const english = (rows: { languageCode: string }[]) => rows.filter((row) => row.languageCode === 'en');
  const others = (rows: { languageCode: string }[]) => rows.filter((row) => row.languageCode !== 'en');
  for (const [part, label] of [
    ['history', 'history'],
    ['facts', 'trivia'],
  ] as const) {
    const content = (row: object) => ('events' in row ? row.events : 'facts' in row ? row.facts : null);
    if (!same(english(before[part]).map(content), english(after[part]).map(content)))
      changes.push(`${label === 'history' ? 'History' : 'Trivia'} changed`);
    changes.push(...languageChanges(others(before[part]), others(after[part]), content, label));
  }
  const order = (s: PlaceSnapshot) => s.gallery.map((g) => g.image.id);
  if (!same(order(before), order(after))) changes.push('Gallery order changed');
  if (!same(galleryTexts(before.gallery), galleryTexts(after.gallery))) changes.push('Photo captions changed');
  changes.push(...visitChanges(before, after));
  const themes = (s: PlaceSnapshot) => (s.themes ?? []).map((row) => [row.theme, row.origin]);
  if (before.themes && after.themes && !same(themes(before), themes(after))) changes.push('Themes changed');
  return changes;
}

/**
 * A change told in plain words ("Title changed, German text changed"), from the entity before and
 * after it; empty when nothing the admin would notice changed.
 */
export function describeChange(before: EntitySnapshot, after: EntitySnapshot): string {
  let changes: string[];
  if (before.kind === 'place' && after.kind === 'place') changes = placeChanges(before, after);
  else if (before.kind !== 'place' && after.kind !== 'place') {
    changes = AREA_FIELDS.filter(([field]) => before.row[field] !== after.row[field]).map(([, w]) => w);
    if ('country' in before.row && 'country' in after.row && before.row.country !== after.row.country)
      changes.push('Country changed');
    changes.push(
      ...languageChanges(before.translations, after.translations, (row) => [row.name, row.description], 'text'),
    );
    if (!same(before.featured ?? [], after.featured ?? [])) changes.push('Highlights changed');
  } else changes = [];
  if (changes.length > 4) return `${changes.slice(0, 3).join(', ')} and ${changes.length - 3} more changes`;
  return changes.join(', ');
}
