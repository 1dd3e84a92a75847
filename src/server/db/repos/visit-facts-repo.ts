import { and, asc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { OpeningRow, StoredPrice } from '@/shared/api/visit-facts';
import type { DbOrTx } from '../client';
import { places, placeVisits, placeVisitTexts } from '../schema';
import { isPublished } from './places-repo';

/*
 * The visit facts of a place (migration 0020, docs/decisions/043-visit-facts.md): one row of facts
 * and a row of free texts per language. Every write here is a person's (the owner's): no model and
 * no translation job writes these tables.
 */

export type VisitRow = typeof placeVisits.$inferSelect;

/** A language's texts as the reads answer them. */
export interface StoredVisitTexts {
  hoursNote: string | null;
  priceText: string | null;
  accessibility: string | null;
}

/** The facts of a place with the texts of the languages asked for, keyed by language. */
export interface VisitFactsRow {
  address: string | null;
  openingHours: OpeningRow[];
  price: StoredPrice | null;
  duration: string | null;
  website: string | null;
  texts: Record<string, StoredVisitTexts> | null;
}

/**
 * The facts of the place whose id is `placeId` (an SQL expression of the outer query) as one JSON
 * value, with the texts of `langs` (all languages when undefined); null without facts. Table names
 * are written out: it is nested in queries over `places`.
 */
export function visitJson(placeId: SQL, langs?: SQL | Placeholder): SQL<VisitFactsRow | null> {
  const which = langs ? sql` and vt.language_code in (${langs}, 'en')` : sql``;
  return sql<VisitFactsRow | null>`(select json_build_object('address', pv.address,
    'openingHours', pv.opening_hours, 'price', pv.price, 'duration', pv.duration, 'website', pv.website,
    'texts', (select json_object_agg(vt.language_code, json_build_object('hoursNote', vt.hours_note,
      'priceText', vt.price_text, 'accessibility', vt.accessibility))
      from place_visit_texts vt where vt.place_id = pv.place_id${which}))
    from place_visits pv where pv.place_id = ${placeId})`;
}

/** A published place's facts with the texts of `lang` and English; undefined when there is no such place. */
export async function findVisit(
  db: DbOrTx,
  placeId: string,
  lang: string,
): Promise<{ visit: VisitFactsRow | null } | undefined> {
  const [row] = await db
    .select({ visit: visitJson(sql`"places"."id"`, sql`${lang}`) })
    .from(places)
    .where(and(eq(places.id, placeId), isPublished()));
  return row;
}

/** The facts of several places in `lang` (and English), by place id: the waypoints of a download. */
export async function listVisits(db: DbOrTx, ids: readonly string[], lang: string) {
  if (ids.length === 0) return new Map<string, VisitFactsRow>();
  const rows = await db
    .select({ id: placeVisits.placeId, visit: visitJson(sql`${placeVisits.placeId}`, sql`${lang}`) })
    .from(placeVisits)
    .where(inArray(placeVisits.placeId, [...ids]));
  return new Map(rows.flatMap((row) => (row.visit ? [[row.id, row.visit] as const] : [])));
}

/** Every row of a place's facts, for its snapshot (revisions, the trash). */
export async function readVisitRows(db: DbOrTx, placeId: string) {
  const [facts] = await db.select().from(placeVisits).where(eq(placeVisits.placeId, placeId));
  const texts = await db
    .select()
    .from(placeVisitTexts)
    .where(eq(placeVisitTexts.placeId, placeId))
    .orderBy(asc(placeVisitTexts.languageCode));
  return { facts: facts ?? null, texts };
}

export type VisitRows = Awaited<ReturnType<typeof readVisitRows>>;

/** Facts as written: every field, null where the owner gave none. */
export type VisitFields = Omit<VisitRow, 'placeId' | 'updatedAt'>;

/** Writes the facts (all of them: a field left empty is none) and keeps the row's time current. */
export async function saveVisitFacts(tx: DbOrTx, placeId: string, fields: VisitFields): Promise<void> {
  await tx
    .insert(placeVisits)
    .values({ placeId, ...fields })
    .onConflictDoUpdate({ target: placeVisits.placeId, set: { ...fields, updatedAt: new Date() } });
}

/** A language's texts; all empty removes its row. The facts row is made when missing (a text needs a box). */
export async function saveVisitTexts(tx: DbOrTx, placeId: string, lang: string, texts: StoredVisitTexts) {
  if (!texts.hoursNote && !texts.priceText && !texts.accessibility) {
    await tx
      .delete(placeVisitTexts)
      .where(and(eq(placeVisitTexts.placeId, placeId), eq(placeVisitTexts.languageCode, lang)));
    return;
  }
  await tx.insert(placeVisits).values({ placeId }).onConflictDoNothing();
  await tx
    .insert(placeVisitTexts)
    .values({ placeId, languageCode: lang, ...texts })
    .onConflictDoUpdate({ target: [placeVisitTexts.placeId, placeVisitTexts.languageCode], set: texts });
}

/** A place's facts and texts back as a snapshot holds them (none when it holds none). */
export async function replaceVisitRows(tx: DbOrTx, placeId: string, rows: VisitRows | undefined): Promise<void> {
  await tx.delete(placeVisitTexts).where(eq(placeVisitTexts.placeId, placeId));
  await tx.delete(placeVisits).where(eq(placeVisits.placeId, placeId));
  if (!rows?.facts) return;
  const { updatedAt, ...facts } = rows.facts;
  await tx.insert(placeVisits).values({ ...facts, placeId, updatedAt: new Date(updatedAt) });
  if (rows.texts.length > 0)
    await tx.insert(placeVisitTexts).values(rows.texts.map(({ id: _id, ...text }) => ({ ...text, placeId })));
}
