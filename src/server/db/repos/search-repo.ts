import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias, union, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { LanguageCode } from '@/shared/languages';
import { rowsOf, type Database, type DbOrTx } from '../client';
import { CJK } from '@/shared/search';
import { searchCountryNames, searchDocuments, settings } from '../schema';

/**
 * Typo tolerance: a query word matches where at least this share of its trigrams appear in order
 * in the text ("colloseum" has 0.54 of "colosseum"; pg_trgm's default of 0.6 would miss it).
 */
const WORD_SIMILARITY_THRESHOLD = '0.5';

export interface SearchRow {
  kind: 'place' | 'city' | 'country';
  entityId: string;
  slug: string;
  title: string;
  titleLang: string;
  subtitle: string;
  body: string;
  bodyLang: string;
  imageUrl: string;
  date: string | null;
}

export interface SearchDocumentsQuery {
  /** The visitor's text: normalized by the database, never put into SQL text. */
  text: string;
  lang: LanguageCode;
  limit: number;
  offset: number;
  /** Match anywhere inside the names (LIKE on the trigram index): for three characters and more. */
  substring: boolean;
  /** The query has Chinese, Japanese or Korean text: match its one- and two-character parts. */
  cjk: boolean;
  /** Also match words like the query's (typos): searchDocumentsPage decides. */
  typos: boolean;
}

export type SearchQueryInput = Omit<SearchDocumentsQuery, 'typos'>;

/** `%`, `_` and `\` stand for themselves in a LIKE pattern. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * One page of documents in `lang` matching the query, best first: the exact title, then a title
 * that starts with it, then one that contains it, then names that contain it, each ordered by
 * full-text rank (and, for typos, by how alike title and query are); countries and cities first
 * on ties.
 * Every condition is one a GIN index answers (language first, then trigrams of the names, the
 * full-text vector or the CJK parts), joined by OR, so the plan is a BitmapOr of index scans
 * (tests/search.test.ts EXPLAINs it).
 */
export function searchDocumentsPage(db: Database, query: SearchQueryInput): Promise<SearchRow[]> {
  return db.transaction(async (tx) => {
    // The threshold holds until this transaction ends.
    const [normalized] = rowsOf<{ text: string | null }>(
      await tx.execute(
        sql`select set_config('pg_trgm.word_similarity_threshold', ${WORD_SIMILARITY_THRESHOLD}, true) as threshold,
          search_normalize(${query.text}) as text`,
      ),
    );
    const text = normalized?.text ?? '';
    if (!text) return [];
    // Typos are forgiven only when the words as typed find little: checking word similarity is
    // the costly part, and a query that matches dozens of documents needs no guessing. The rule
    // does not depend on the page, so every page of one search ranks the same list.
    let typos = typoWords(text).length > 0;
    if (typos) {
      const exact = await tx
        .select({ one: sql`1` })
        .from(searchDocuments)
        .where(where(text, { ...query, typos: false }))
        .limit(TYPO_FALLBACK_BELOW);
      typos = exact.length < TYPO_FALLBACK_BELOW;
    }
    return searchStatement(tx, text, { ...query, typos });
  });
}

/** The document a result is shown from: its entity's, in the page's language. */
const shown = alias(searchDocuments, 'shown');

const resultColumns = {
  kind: shown.kind,
  entityId: shown.entityId,
  slug: shown.slug,
  title: shown.title,
  titleLang: shown.titleLang,
  subtitle: shown.subtitle,
  body: shown.body,
  bodyLang: shown.bodyLang,
  imageUrl: shown.imageUrl,
  date: shown.date,
};

/**
 * Candidates a search ranks at most (twice, see searchStatement): as many as a search may page
 * through, so a query matching fewer documents ranks every one of them, as before.
 */
const CANDIDATES_MAX = 1000;

/**
 * The search itself, for `text` already normalized by search_normalize (tests EXPLAIN it). The
 * documents of every language are matched, so a name in any language of the site finds its
 * place, city or country ("Lissabon" or "里斯本" on the English page); each is answered once, by
 * its document in `lang`, ranked by its best-matching document.
 *
 * Two phases, so a word in every description does not score half a million documents
 * (docs/decisions/034-scale.md): the candidates are the first CANDIDATES_MAX documents whose
 * title is the text or starts with it (the title index, in title order), and the first
 * CANDIDATES_MAX matching documents of any kind (a scan that stops when it has them); only their
 * entities' documents are scored. A query matching fewer documents than that ranks all of them.
 */
export function searchStatement(db: DbOrTx, text: string, query: SearchDocumentsQuery) {
  const m = searchDocuments;
  const c = alias(searchDocuments, 'c');
  const matching = where(text, query, c);
  // A title that starts with the text has it in its names (substring matches, 3 characters and
  // more): the title index alone, walked in order, finds these.
  const titled = db
    .select({ kind: c.kind, entityId: c.entityId })
    .from(c)
    .where(sql`${c.titleNorm} like ${`${escapeLike(text)}%`}`)
    // the order of search_documents_title_order_idx (migration 0022): walked until the limit
    .orderBy(sql`${c.titleNorm} collate "C"`)
    .limit(query.substring ? CANDIDATES_MAX : 0);
  const any = db.select({ kind: c.kind, entityId: c.entityId }).from(c).where(matching).limit(CANDIDATES_MAX);
  const candidates = db.$with('candidates').as(union(titled, any));
  const hits = db
    .select({
      kind: m.kind,
      entityId: m.entityId,
      score: sql<number>`max(${score(text, query)})`.as('score'),
    })
    .from(m)
    .where(and(sql`(${m.kind}, ${m.entityId}) in (select kind, entity_id from ${candidates})`, where(text, query)))
    .groupBy(m.kind, m.entityId)
    .as('hits');
  return db
    .with(candidates)
    .select(resultColumns)
    .from(hits)
    .innerJoin(
      shown,
      sql`${shown.docKey} = ${hits.kind} || ':' || ${query.lang}::text || ':' || ${hits.entityId}::text`,
    )
    .orderBy(desc(hits.score), asc(shown.titleNorm), asc(shown.entityId))
    .limit(query.limit)
    .offset(query.offset);
}

/**
 * The documents in the page's language by every measure, and those of the other languages by
 * their names alone (each measure answered by its GIN index: the language is a column of each,
 * not needed to use it).
 */
/** The columns the match conditions read, of the table or of an alias of it. */
type Docs = Record<'languageCode' | 'tsv' | 'nameNorm' | 'cjkGrams', AnyPgColumn>;

const where = (text: string, query: SearchDocumentsQuery, d: Docs = searchDocuments) =>
  or(
    and(eq(d.languageCode, query.lang), or(...matchConditions(text, query, d))),
    ...otherLanguageConditions(text, query, d),
  );

/** Typo tolerance looks at this many words of a query at most, of at least TYPO_WORD_MIN characters. */
const TYPO_WORDS_MAX = 6;
const TYPO_WORD_MIN = 4;
/** Typos are forgiven when the words as typed match fewer documents than this. */
const TYPO_FALLBACK_BELOW = 10;

/**
 * The full-text query in the language's configuration: every word (stemmed), the last one also as
 * the beginning of a word, so "colos" finds the Colosseum while it is being typed. The last word
 * goes into to_tsquery's syntax only when it is letters and digits alone.
 */
function tsQuery(text: string, lang: LanguageCode): SQL {
  const words = text.split(' ');
  const last = words[words.length - 1] ?? '';
  if (!/^[\p{L}\p{N}]+$/u.test(last)) return sql`plainto_tsquery(search_config(${lang}), ${text})`;
  const head = words.slice(0, -1).join(' ');
  return sql`(plainto_tsquery(search_config(${lang}), ${head}) && to_tsquery(search_config(${lang}), ${`${last}:*`}))`;
}

/** Query words of TYPO_WORD_MIN letters or more, not CJK, at most TYPO_WORDS_MAX. */
function typoWords(text: string): string[] {
  // (not CJK: trigrams of a text without spaces follow the database's locale, and the CJK parts
  // match it anyway)
  return [...new Set(text.split(' '))]
    .filter((word) => [...word].length >= TYPO_WORD_MIN && !CJK.test(word))
    .slice(0, TYPO_WORDS_MAX);
}

/** In the page's language: words, typos, any part of the names, Chinese characters anywhere. */
function matchConditions(text: string, query: SearchDocumentsQuery, d: Docs): SQL[] {
  // the words of the query, stemmed in the language, anywhere in the text
  const conditions: SQL[] = [sql`${d.tsv} @@ ${tsQuery(text, query.lang)}`];
  // each longer word like a word of the names, typos included
  const words = query.typos ? typoWords(text) : [];
  if (words.length) conditions.push(and(...words.map((word) => sql`${word} <% ${d.nameNorm}`))!);
  if (query.cjk) conditions.push(sql`${d.cjkGrams} @> search_cjk_grams(${text})`);
  return conditions;
}

/**
 * In any language: the whole query inside the names (title, subtitle, English names), for three
 * characters and more. Chinese text is looked for through its characters (the CJK index) and then
 * inside the names: the names' trigrams of Chinese depend on the database's locale, and in most
 * there are none, which would read every document.
 */
function otherLanguageConditions(text: string, query: SearchDocumentsQuery, d: Docs): SQL[] {
  const inNames = sql`${d.nameNorm} like ${`%${escapeLike(text)}%`}`;
  if (query.cjk) return [sql`(${d.cjkGrams} @> search_cjk_grams(${text}) and ${inNames})`];
  return query.substring ? [inNames] : [];
}

function score(text: string, query: SearchDocumentsQuery): SQL {
  const d = searchDocuments;
  const escaped = escapeLike(text);
  // Word similarity is the costly measure (tens of microseconds a title): only typo matches,
  // which no other measure ranks, need it.
  const similarity = query.typos ? sql`+ 2 * word_similarity(${text}, ${d.titleNorm})` : sql``;
  return sql`(case when ${d.titleNorm} = ${text} then 8
      when ${d.titleNorm} like ${`${escaped}%`} then 6
      when ${d.titleNorm} like ${`%${escaped}%`} then 4
      when ${d.nameNorm} like ${`%${escaped}%`} then 3
      else 0 end)
    + ts_rank(${d.tsv}, ${tsQuery(text, query.lang)})
    + (case ${d.kind} when 'country' then 0.3 when 'city' then 0.2 else 0 end) ${similarity}`;
}

export interface CountryNameRow {
  englishName: string;
  languageCode: string;
  name: string;
}

/** The CLDR country names stored for search. */
export function readCountryNames(db: DbOrTx): Promise<CountryNameRow[]> {
  return db.select().from(searchCountryNames);
}

/** The settings row that says the search documents still need rewriting from new country names. */
const STALE_KEY = 'search_documents_stale';

/**
 * Replaces the stored country names with `rows` and marks every search document to be rewritten
 * from them (refreshStaleDocuments does it, in small transactions, after the server listens).
 * One transaction: a start that stops halfway leaves the old names and no mark.
 */
export async function replaceCountryNames(db: Database, rows: CountryNameRow[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEARCH_LOCK_SPACE}::int, 0)`);
    await tx.delete(searchCountryNames);
    for (let i = 0; i < rows.length; i += 500) {
      // a spelling that differs only in case from one already written is the same name
      await tx
        .insert(searchCountryNames)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing();
    }
    await tx
      .insert(settings)
      .values({ key: STALE_KEY, value: '' })
      .onConflictDoUpdate({ target: settings.key, set: { value: '', updatedAt: new Date() } });
  });
}

const REFRESH_KINDS = ['country', 'city', 'place'] as const;
type RefreshKind = (typeof REFRESH_KINDS)[number];
const tableOf = (kind: RefreshKind) => sql.raw(kind === 'place' ? 'places' : kind === 'city' ? 'cities' : 'countries');

/**
 * Rewrites the documents marked stale by replaceCountryNames, `batch` entities per transaction in
 * the order of their ids, remembering in the mark how far it got (a restart goes on from there),
 * and removes the mark when done. `keepGoing` is asked between batches (false: stop for now).
 * Answers the number of entities rewritten, or undefined when nothing was marked.
 */
export async function refreshStaleDocuments(
  db: Database,
  keepGoing: () => boolean,
  batch = 500,
): Promise<number | undefined> {
  const [mark] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, STALE_KEY));
  if (!mark) return undefined;
  // the mark's value: "kind:last id" of the last batch written ('' before the first)
  let [kind, after] = mark.value.split(':') as [string, string | undefined];
  let done = 0;
  for (const current of REFRESH_KINDS.slice(Math.max(0, REFRESH_KINDS.indexOf(kind as RefreshKind)))) {
    if (current !== kind) after = undefined;
    for (;;) {
      if (!keepGoing()) return done;
      const table = tableOf(current);
      const written = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${SEARCH_LOCK_SPACE}::int, 0)`);
        // Every admin write takes the content version's row first (its statement triggers bump it
        // before they refresh search documents) and keeps it to its commit. The batch takes it too,
        // before it reads a row: it waits for a write under way and then reads what it saved. Without
        // it, a batch read the rows before an edit, waited for the documents the edit wrote, then put
        // the old texts back over them; or it held documents the edit wanted next (a deadlock).
        await tx.execute(sql`select 1 from content_version where id = 1 for update`);
        const ids = rowsOf<{ id: string }>(
          await tx.execute(
            sql`select id from ${table} ${after ? sql`where id > ${after}::uuid` : sql``} order by id limit ${batch}`,
          ),
        ).map((row) => row.id);
        if (ids.length === 0) return [];
        await tx.execute(sql`select search_refresh_all_languages(${current}, ${`{${ids.join(',')}}`}::uuid[])`);
        await tx
          .update(settings)
          .set({ value: `${current}:${ids[ids.length - 1]}` })
          .where(eq(settings.key, STALE_KEY));
        return ids;
      });
      done += written.length;
      if (written.length < batch) break;
      after = written[written.length - 1];
    }
    kind = current;
  }
  await db.delete(settings).where(eq(settings.key, STALE_KEY));
  return done;
}

/** First key of the advisory lock held while the documents are rewritten (any constant unused elsewhere). */
const SEARCH_LOCK_SPACE = 0x536368; // "Sch"

/**
 * A table (`c`, of pg_class) with rows and no statistics: never analyzed, or a copy of a database
 * (CREATE DATABASE ... TEMPLATE), whose counters of changes start at zero.
 */
const NO_STATISTICS = sql.raw(`(c.reltuples < 0 or (c.reltuples > 0 and not exists (select 1 from pg_stats st
  where st.schemaname = c.relnamespace::regnamespace::text and st.tablename = c.relname)))`);

/**
 * Fresh planner statistics for every table never analyzed, or of which a tenth changed since its
 * last ANALYZE (autovacuum's rule, which PGlite and a server with autovacuum off never apply):
 * without them the planner takes `language_code = $1` for a rare value and reads a whole language,
 * and reads and sorts every place of a city for its first page. Answers whether it analyzed any.
 */
export async function analyzeIfStale(db: DbOrTx): Promise<boolean> {
  const stale = rowsOf<{ name: string }>(
    await db.execute(sql`select quote_ident(s.relname) as name from pg_stat_user_tables s
      join pg_class c on c.oid = s.relid
      where s.schemaname = current_schema() and (${NO_STATISTICS} or s.n_mod_since_analyze > 50 + 0.1 * s.n_live_tup)`),
  );
  for (const { name } of stale) await db.execute(sql.raw(`analyze ${name}`));
  return stale.length > 0;
}
