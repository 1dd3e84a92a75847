import type { ReadableField } from '../../shared/api/revisions';
import { LANGUAGES } from '../../shared/languages';
import type { EntitySnapshot, PlaceSnapshot } from '../db/repos/snapshots-repo';

const languageName = (lang: string) => LANGUAGES.find((l) => l.code === lang)?.name ?? lang;

/** History or trivia as lines of text: each event or question with its answer. */
const historyText = (row: { events?: unknown; facts?: unknown }) => {
  const items = (Array.isArray(row.events) ? row.events : Array.isArray(row.facts) ? row.facts : []) as Record<
    string,
    unknown
  >[];
  return items
    .map((item) =>
      Object.values(item)
        .filter((v) => typeof v === 'string' && v)
        .join(' · '),
    )
    .join('\n');
};

function placeFields(s: PlaceSnapshot): ReadableField[] {
  const p = s.place;
  const fields: ReadableField[] = [
    { label: 'Title', text: p.title },
    { label: 'Short description', text: p.description },
    { label: 'Full article', text: p.fullDescription ?? '' },
    { label: 'City', text: p.location },
    { label: 'Country', text: p.country },
    {
      label: 'Map position',
      text: p.latitude === null || p.longitude === null ? 'None' : `${p.latitude}, ${p.longitude}`,
    },
    { label: 'Date', text: p.date },
    { label: 'Web address', text: p.slug ?? '' },
    { label: 'State', text: p.state === 'published' ? 'Published' : 'Draft' },
    { label: 'Cover', text: p.imageUrl },
  ];
  for (const t of s.translations) {
    const name = languageName(t.languageCode);
    fields.push(
      { label: `${name} · Title`, text: t.title },
      { label: `${name} · Short description`, text: t.description },
      { label: `${name} · Full article`, text: t.fullDescription ?? '' },
    );
  }
  for (const [rows, label] of [
    [s.history, 'History'],
    [s.facts, 'Trivia'],
  ] as const) {
    for (const row of rows) {
      const prefix = row.languageCode === 'en' ? '' : `${languageName(row.languageCode)} · `;
      fields.push({ label: `${prefix}${label}`, text: historyText(row) });
    }
  }
  s.gallery.forEach((g, i) => {
    for (const t of g.texts) {
      const text = [t.caption, t.alt].filter(Boolean).join(' / ');
      fields.push({ label: `Photo ${i + 1} · ${languageName(t.languageCode)} caption / alt text`, text });
    }
  });
  return fields;
}

/** A version as labelled texts, English first, for the editor's "Compare with now". */
export function readableFields(snapshot: EntitySnapshot): ReadableField[] {
  if (snapshot.kind === 'place') return placeFields(snapshot);
  const r = snapshot.row;
  const fields: ReadableField[] = [
    { label: 'Name', text: r.name },
    { label: 'Description', text: r.description },
    { label: 'Web address', text: r.slug },
    { label: 'Photo', text: r.imageUrl },
  ];
  for (const t of snapshot.translations) {
    const name = languageName(t.languageCode);
    fields.push({ label: `${name} · Name`, text: t.name }, { label: `${name} · Description`, text: t.description });
  }
  return fields;
}
