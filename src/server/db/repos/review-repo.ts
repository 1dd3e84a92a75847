import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ReviewFilter, TranslationFilter } from '@/shared/api/review';
import { LANGUAGE_CODES, type LanguageCode } from '@/shared/languages';
import { rowsOf, type DbOrTx } from '../client';
import { cities, cityTranslations, countries, countryTranslations, places, placeTranslations } from '../schema';

/**
 * Review per language (docs/decisions/018-review-per-language.md): "Mark reviewed", the Edit Places
 * filters and the dashboard's counts. The review unit is a language's text: a place's title, short
 * description and article; a city's or country's name and description.
 */

export type ReviewKind = 'place' | 'city' | 'country';
const SOURCES = {
  place: { table: places, translations: placeTranslations, owner: placeTranslations.placeId },
  city: { table: cities, translations: cityTranslations, owner: cityTranslations.cityId },
  country: { table: countries, translations: countryTranslations, owner: countryTranslations.countryId },
} as const;

/**
 * Marks the text of `lang` reviewed: the English source itself, or the stored translation. Answers
 * 'marked', 'missing' (no text in that language to review) or 'unknown' (no such place, city or country).
 */
export async function markReviewed(
  db: DbOrTx,
  kind: ReviewKind,
  id: string,
  lang: LanguageCode,
): Promise<'marked' | 'marked-no-note' | 'missing' | 'unknown'> {
  const { table, translations, owner } = SOURCES[kind];
  return db.transaction(async (tx) => {
    const source = await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for('update');
    if (source.length === 0) return 'unknown';
    if (lang === 'en') {
      const [row] = await tx
        .update(table)
        .set({ reviewed: true })
        .where(eq(table.id, id))
        .returning({ origin: table.origin });
      // only a model's English carried a note (decision 032)
      return row?.origin === 'machine' ? 'marked' : 'marked-no-note';
    }
    // Found out before the UPDATE: one that changes no row still bumps the content version.
    const ofLanguage = and(eq(owner, id), eq(translations.languageCode, lang));
    const rows = await tx.select({ id: translations.id }).from(translations).where(ofLanguage).for('update');
    if (rows.length === 0) return 'missing';
    await tx.update(translations).set({ reviewed: true }).where(ofLanguage);
    return 'marked';
  });
}

// The Edit Places conditions, on the outer `places` row.
const placeId = sql`"places"."id"`;
const unreviewedIn = (lang: LanguageCode): SQL =>
  lang === 'en'
    ? sql`not "places"."reviewed"`
    : sql`exists (select 1 from place_translations rt where rt.place_id = ${placeId}
        and rt.language_code = ${lang} and not rt.reviewed)`;

/** Places with text no person has reviewed: in any language (`needed`), or in one. */
export function reviewCondition(filter: ReviewFilter): SQL {
  if (filter !== 'needed') return unreviewedIn(filter);
  return sql`(not "places"."reviewed" or exists (select 1 from place_translations rt
    where rt.place_id = ${placeId} and not rt.reviewed))`;
}

/**
 * Places with a translation of their text made from an older English (outdated_places, kept by
 * triggers on every write of a translation or of a place's source version: migration 0018), or
 * with a failed language.
 */
export function translationCondition(filter: TranslationFilter): SQL {
  return filter === 'outdated'
    ? sql`${placeId} in (select op.place_id from outdated_places op)`
    : sql`exists (select 1 from translation_failures tf where tf.entity_type = 'place' and tf.entity_id = ${placeId})`;
}

const count = async (db: DbOrTx, query: SQL): Promise<number> => {
  const [row] = rowsOf<{ n: number | string }>(await db.execute(query));
  return Number(row?.n ?? 0);
};

/** Cities or countries with any language (the English too) no person has reviewed. */
function areasAwaitingReview(db: DbOrTx, kind: 'city' | 'country') {
  const [table, translations, owner] =
    kind === 'city' ? ['cities', 'city_translations', 'city_id'] : ['countries', 'country_translations', 'country_id'];
  return count(
    db,
    sql.raw(`select count(*)::int as n from ${table} a where not a.reviewed
      or exists (select 1 from ${translations} t where t.${owner} = a.id and not t.reviewed)`),
  );
}

/**
 * What the dashboard's counts and other admin aggregates are made from, in one cheap read: the content version (every write
 * of places, their texts, cities and countries moves it), and the translation failures and trash,
 * which it does not cover. Equal fingerprints, equal counts.
 */
export async function adminFingerprint(db: DbOrTx): Promise<string> {
  const [row] = rowsOf<{ fingerprint: string }>(
    await db.execute(sql`select concat_ws('/',
      (select version from content_version where id = 1),
      (select count(*) || ':' || coalesce(max(failed_at)::text, '') from translation_failures),
      (select count(*) || ':' || coalesce(max(id), 0) from trash)) as fingerprint`),
  );
  return row?.fingerprint ?? '';
}

/** Everything the dashboard counts, each through the same condition its linked list filters by. */
export async function dashboardCounts(db: DbOrTx) {
  const placesWhere = (condition: SQL) => count(db, sql`select count(*)::int as n from places where ${condition}`);
  const [
    all,
    drafts,
    anyReview,
    outdated,
    failed,
    cityReview,
    countryReview,
    missingCities,
    missingCountries,
    inTrash,
  ] = await Promise.all([
    placesWhere(sql`true`),
    placesWhere(sql`"places"."state" = 'draft'`),
    placesWhere(reviewCondition('needed')),
    placesWhere(translationCondition('outdated')),
    placesWhere(translationCondition('failed')),
    areasAwaitingReview(db, 'city'),
    areasAwaitingReview(db, 'country'),
    count(
      db,
      sql`select count(*)::int as n from (select distinct p.location, p.country from places p
          where btrim(p.location) <> '' and btrim(p.country) <> ''
            and not exists (select 1 from cities c where c.name = p.location and c.country = p.country)) m`,
    ),
    count(
      db,
      sql`select count(*)::int as n from (select distinct p.country from places p where btrim(p.country) <> ''
          and not exists (select 1 from countries c where c.name = p.country)) m`,
    ),
    count(db, sql`select count(*)::int as n from trash`),
  ]);
  const perLanguage = await Promise.all(
    LANGUAGE_CODES.map(async (lang) => ({
      languageCode: lang,
      places: await placesWhere(unreviewedIn(lang)),
    })),
  );
  return {
    places: all,
    drafts,
    awaitingReview: perLanguage,
    placesAwaitingReview: anyReview,
    citiesAwaitingReview: cityReview,
    countriesAwaitingReview: countryReview,
    outdatedTranslations: outdated,
    failedTranslations: failed,
    missingCities,
    missingCountries,
    inTrash,
  };
}
