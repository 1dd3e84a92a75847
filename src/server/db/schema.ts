import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  boolean,
  integer,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
  type AnyPgColumn,
  type PgColumnBuilderBase,
} from 'drizzle-orm/pg-core';
import type { HistoryEvent, TriviaFact } from '../../shared/api/public';
import { SOURCE_ORIGINS } from '../../shared/api/written-text';
import type { OpeningRow, StoredPrice } from '../../shared/api/visit-facts';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
/** Set on insert and kept current by a trigger on update (sitemap `lastmod`). */
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
/**
 * A row's number in its kind's sitemap children, from the table's sequence when it is made and kept
 * for good: child N lists numbers (N-1)*size+1 to N*size (migration 0018, sitemap-repo.ts).
 */
const sitemapSeq = (table: string) =>
  bigint('sitemap_seq', { mode: 'number' })
    .notNull()
    .default(sql.raw(`nextval('${table}_sitemap_seq')`));
/**
 * On a source (place, city, country, English history and facts): grows when its translatable text
 * changes. On a translation: the source version it was made from; older than the source = outdated
 * (docs/decisions/006-translation-versions.md).
 */
const sourceVersion = () => integer('source_version').notNull().default(1);
/** A numbered row of a table nothing else refers to by id. */
const serialId = () => serial('id').primaryKey();
/** A language tag (`languages.code`). */
const languageCode = () => varchar('language_code', { length: 10 }).notNull();
/** The place a row belongs to: it goes when the place goes. */
const placeId = () =>
  uuid('place_id')
    .notNull()
    .references(() => places.id, { onDelete: 'cascade' });
/**
 * Who wrote a stored translation (or a language's history or trivia): `machine` (a model or the
 * offline writer; the next translation may replace it) or `person` (the admin; no machine write
 * replaces it). docs/decisions/014-written-by-a-person.md
 */
const origin = () =>
  text('origin', { enum: ['machine', 'person'] })
    .notNull()
    .default('machine');
/** The English a person translated from (their translation's source), for the editor's diff when it changes. */
const basedOn = () => jsonb('based_on').$type<Record<string, unknown>>();
/**
 * Whether a person has reviewed a language's text (the English source's or a translation's): set
 * by a person's write or "Mark reviewed", cleared by every machine write. Visitors see a note on
 * text no person has reviewed (migration 0013, docs/decisions/018-review-per-language.md).
 */
const reviewed = () => boolean('reviewed').notNull().default(false);
/**
 * Who wrote the English source of a place, city or country: `machine` (an AI model), `person` (the
 * admin) or `data` (the offline writer, from the photo's place and date and the owner's notes).
 * Visitors see "Written with AI" only on a model's unreviewed text (migration 0016,
 * docs/decisions/032-three-origins.md).
 */
const sourceOrigin = () => text('origin', { enum: SOURCE_ORIGINS }).notNull().default('machine');
/** What a translation queue row or failure is about. */
const entityType = () => text('entity_type', { enum: ['place', 'city', 'country'] }).notNull();
/** What a city and a country have besides their names: their page's address, text and photo. */
const areaPageColumns = () => ({
  slug: text('slug').notNull().unique(),
  description: text('description').notNull(),
  imageUrl: text('image_url').notNull(),
  sourceVersion: sourceVersion(),
  reviewed: reviewed(),
  origin: sourceOrigin(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
/**
 * A city's or country's text in one language, and the source version it was made from: a row per
 * owner (`city_id` / `country_id`, gone with its owner) and language.
 */
function areaTranslationTable<Name extends string, Owner extends 'city' | 'country'>(
  name: Name,
  owner: Owner,
  ownerId: () => AnyPgColumn,
) {
  const ownerKey: `${Owner}Id` = `${owner}Id`;
  const ownerColumn = { [ownerKey]: ownedBy(`${owner}_id`, ownerId) } as Record<
    `${Owner}Id`,
    ReturnType<typeof ownedBy>
  >;
  return pgTable(
    name,
    {
      id: serialId(),
      ...ownerColumn,
      languageCode: languageCode(),
      name: text('name').notNull(),
      description: text('description').notNull(),
      sourceVersion: sourceVersion(),
      origin: origin(),
      basedOn: basedOn(),
      reviewed: reviewed(),
    },
    (t) => [uniqueIndex(`${name}_${owner}_language_idx`).on(t[ownerKey], t.languageCode)],
  );
}
/** The row it belongs to: the row goes when its owner goes. */
const ownedBy = (column: string, ownerId: () => AnyPgColumn) =>
  uuid(column).notNull().references(ownerId, { onDelete: 'cascade' });

export const languages = pgTable('languages', {
  id: serialId(),
  code: varchar('code', { length: 10 }).notNull().unique(),
  name: text('name').notNull(),
  nativeName: text('native_name').notNull(),
});

/** Interface text (docs/product.md §3): one value per key and language (the table keeps its first name). */
export const uiText = pgTable(
  'ui_translations',
  {
    id: serialId(),
    key: text('key').notNull(),
    languageCode: languageCode(),
    value: text('value').notNull(),
  },
  (t) => [uniqueIndex('ui_translations_key_language_idx').on(t.key, t.languageCode)],
);

export const places = pgTable(
  'places',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').unique(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    fullDescription: text('full_description'),
    imageUrl: text('image_url').notNull(),
    originalImagePath: text('original_image_path'),
    location: text('location').notNull(),
    country: text('country').notNull(),
    date: text('date').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    sourceVersion: sourceVersion(),
    /** A draft is invisible to visitors everywhere; published places are the public site (migration 0011). */
    state: text('state', { enum: ['draft', 'published'] })
      .notNull()
      .default('published'),
    reviewed: reviewed(),
    origin: sourceOrigin(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sitemapSeq: sitemapSeq('places'),
  },
  (t) => [
    // Newest first and its keyset paging: (date, created_at, id), read backwards.
    index('places_newest_idx').on(t.date, t.createdAt, t.id),
    index('places_location_country_newest_idx').on(t.location, t.country, t.date, t.createdAt, t.id),
    index('places_created_idx').on(t.createdAt, t.id),
    index('places_state_created_idx').on(t.state, t.createdAt, t.id),
    index('places_country_idx').on(t.country),
    // Places in a latitude/longitude box: photo grouping's places near a photo (near-places-repo.ts).
    index('places_lat_lon_idx').on(t.latitude, t.longitude),
    // Nearby places, nearest first: published positions on the unit sphere (migration 0023, cube).
    index('places_sphere_idx')
      .using(
        'gist',
        sql`cube(ARRAY[cos(radians(${t.latitude})) * cos(radians(${t.longitude})), cos(radians(${t.latitude})) * sin(radians(${t.longitude})), sin(radians(${t.latitude}))])`,
      )
      .where(sql`${t.state} = 'published' AND ${t.latitude} IS NOT NULL AND ${t.longitude} IS NOT NULL`),
    uniqueIndex('places_sitemap_seq_idx').on(t.sitemapSeq),
    index('places_updated_idx').on(t.updatedAt),
  ],
);

export const photos = pgTable(
  'photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    placeId: placeId(),
    originalImagePath: text('original_image_path').notNull(),
    thumbnailPath: text('thumbnail_path').notNull(),
    description: text('description').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    city: text('city').notNull(),
    country: text('country').notNull(),
    placeName: text('place_name').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    travelArticle: text('travel_article').notNull(),
    exifData: jsonb('exif_data').$type<Record<string, unknown>>().notNull().default({}),
    /** SHA-256 of the uploaded bytes: the same file uploaded twice answers with the existing place. */
    contentHash: text('content_hash').notNull().unique(),
    /** Where latitude and longitude came from: the photo's EXIF (or the EXIF source photo's), or set by hand. */
    locationSource: text('location_source', { enum: ['exif', 'manual'] })
      .notNull()
      .default('exif'),
    /**
     * SHA-256 of the image data without its metadata (JPEG, PNG, WebP): a copy stripped of its EXIF
     * answers with the existing place too. Null for HEIF and AVIF, and for photos from before 0007.
     */
    imageHash: text('image_hash'),
    createdAt: createdAt(),
  },
  (t) => [index('photos_place_idx').on(t.placeId), uniqueIndex('photos_image_hash_unique').on(t.imageHash)],
);

export const placeTranslations = pgTable(
  'place_translations',
  {
    id: serialId(),
    placeId: placeId(),
    languageCode: languageCode(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    fullDescription: text('full_description'),
    location: text('location').notNull(),
    country: text('country').notNull(),
    sourceVersion: sourceVersion(),
    origin: origin(),
    basedOn: basedOn(),
    reviewed: reviewed(),
  },
  (t) => [uniqueIndex('place_translations_place_language_idx').on(t.placeId, t.languageCode)],
);

/**
 * The places with a translation of their text made from an older English (Edit Places' "Outdated
 * translations", the dashboard's count), kept by triggers on every write of a translation and of a
 * place's source version (migration 0018).
 */
export const outdatedPlaces = pgTable('outdated_places', {
  placeId: uuid('place_id')
    .primaryKey()
    .references(() => places.id, { onDelete: 'cascade' }),
});

/**
 * A part of a place the AI generates in English and translates (history, trivia): one row per place
 * and language, with the source version it was made from, and the part's own columns between.
 */
function placePartTable<Name extends string, Columns extends Record<string, PgColumnBuilderBase>>(
  name: Name,
  columns: Columns,
) {
  return pgTable(
    name,
    {
      id: serialId(),
      placeId: placeId(),
      languageCode: languageCode().default('en'),
      ...columns,
      sourceVersion: sourceVersion(),
      origin: origin(),
      basedOn: basedOn(),
      createdAt: createdAt(),
    },
    (t) => [uniqueIndex(`${name}_place_language_idx`).on(t.placeId, t.languageCode)],
  );
}

export const placeHistory = placePartTable('place_history', {
  hasEvents: text('has_events', { enum: ['yes', 'no'] }).notNull(),
  events: jsonb('events')
    .$type<HistoryEvent[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
});

export const placeFacts = placePartTable('place_facts', {
  hasFacts: text('has_facts', { enum: ['yes', 'no'] }).notNull(),
  facts: jsonb('facts')
    .$type<TriviaFact[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
});

export const galleryImages = pgTable(
  'gallery_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    placeId: placeId(),
    imageUrl: text('image_url').notNull(),
    originalImagePath: text('original_image_path'),
    /** Order within the place's gallery (smallest first; ties by age). */
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('gallery_images_place_position_idx').on(t.placeId, t.position, t.createdAt)],
);

/**
 * A gallery photo's caption and alt text in one language. English is the row with language 'en' (its
 * source version grows when a person changes it); a translation records the English version it was
 * made from and who wrote it, and no machine write replaces a person's (decision 014).
 */
export const galleryImageTexts = pgTable(
  'gallery_image_texts',
  {
    id: serialId(),
    imageId: uuid('image_id')
      .notNull()
      .references(() => galleryImages.id, { onDelete: 'cascade' }),
    languageCode: languageCode(),
    caption: text('caption').notNull().default(''),
    alt: text('alt').notNull().default(''),
    sourceVersion: sourceVersion(),
    origin: origin(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('gallery_image_texts_image_language_idx').on(t.imageId, t.languageCode)],
);

export const cities = pgTable(
  'cities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    country: text('country').notNull(),
    ...areaPageColumns(),
    sitemapSeq: sitemapSeq('cities'),
  },
  (t) => [
    uniqueIndex('cities_name_country_idx').on(t.name, t.country),
    index('cities_country_newest_idx').on(t.country, t.createdAt, t.id),
    index('cities_created_idx').on(t.createdAt, t.id),
    uniqueIndex('cities_sitemap_seq_idx').on(t.sitemapSeq),
  ],
);

export const cityTranslations = areaTranslationTable('city_translations', 'city', () => cities.id);

export const countries = pgTable(
  'countries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().unique(),
    ...areaPageColumns(),
    sitemapSeq: sitemapSeq('countries'),
  },
  (t) => [
    index('countries_newest_idx').on(t.createdAt, t.id),
    uniqueIndex('countries_sitemap_seq_idx').on(t.sitemapSeq),
  ],
);

/** The chunk sizes the sitemap triggers keep `sitemap_chunks` for (the server's, and any other in use). */
export const sitemapChunkSizes = pgTable('sitemap_chunk_sizes', {
  size: integer('size').primaryKey(),
});

/**
 * One non-empty sitemap child of a kind at a chunk size: how many rows it holds and the newest
 * change among those it lists (null: none listed), kept by triggers (migration 0018).
 */
export const sitemapChunks = pgTable(
  'sitemap_chunks',
  {
    kind: text('kind', { enum: ['countries', 'cities', 'places'] }).notNull(),
    size: integer('size').notNull(),
    number: bigint('number', { mode: 'number' }).notNull(),
    rows: integer('rows').notNull(),
    lastModified: timestamp('last_modified', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.kind, t.size, t.number] })],
);

export const countryTranslations = areaTranslationTable('country_translations', 'country', () => countries.id);

/**
 * The translation queue: at most one row per place, city or country, so at most one job per
 * entity runs at a time. Workers claim due rows with FOR UPDATE SKIP LOCKED; a running row whose
 * lock is older than the timeout belongs to a dead worker and is claimed again
 * (src/server/translation/queue.ts). Rows go with their entity (trigger, migration 0004).
 */
export const translationJobs = pgTable(
  'translation_jobs',
  {
    id: serialId(),
    entityType: entityType(),
    entityId: uuid('entity_id').notNull(),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    /** Translate missing languages too, not only the outdated ones (Translate, a new city or country). */
    allLanguages: boolean('all_languages').notNull().default(false),
    /** Write the English description first (a city or country created while an AI model is configured). */
    describe: boolean('describe').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    nextRunAt: timestamp('next_run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    lockedBy: text('locked_by'),
    lockedAt: timestamp('locked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('translation_jobs_entity_idx').on(t.entityType, t.entityId),
    index('translation_jobs_due_idx').on(t.state, t.nextRunAt),
  ],
);

/** Why the last attempt at a language of an entity failed; removed when that language succeeds. */
export const translationFailures = pgTable(
  'translation_failures',
  {
    entityType: entityType(),
    entityId: uuid('entity_id').notNull(),
    languageCode: languageCode(),
    reason: text('reason').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'translation_failures_pk', columns: [t.entityType, t.entityId, t.languageCode] })],
);

/** Admin sessions: only a SHA-256 of the token is stored, so a database leak yields no usable cookie. */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('admin_sessions_expires_idx').on(t.expiresAt)],
);

/** Failed sign-ins per client address, kept in the database so every app process sees them. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serialId(),
    address: text('address').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_address_idx').on(t.address, t.failedAt)],
);

/** Small key/value settings, e.g. the generated admin password hash. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * One row: the version of everything the public site shows. Triggers on every content table bump
 * it in the writing transaction and NOTIFY `content_version`: an instance that sees it move reads
 * the new rows of contentChanges and drops what they name (src/server/cache/change-feed.ts).
 */
export const contentVersion = pgTable('content_version', {
  id: smallint('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
  /** Change rows up to this one have been pruned (see contentChanges). */
  prunedThrough: bigint('pruned_through', { mode: 'number' }).notNull().default(0),
});

/**
 * What each content write changed, one row per dependency tag (`place:<id>`, `places`, `ui`, ...),
 * written by triggers in the writing transaction and numbered in commit order (migration 0014,
 * docs/decisions/019-dependency-tags.md). Each server instance applies the rows after the last one
 * it applied and drops only the cached answers that carry those tags (src/server/cache/).
 */
export const contentChanges = pgTable('content_changes', {
  seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  tag: text('tag').notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Media files that no committed row may reference yet (being written for an upload) or any more
 * (removed after their rows were deleted). Each row names the server process (`owner`, held as a
 * session advisory lock while it runs): a row whose owner has stopped is a crash's leftover, and
 * the next start removes its file unless a row references it (src/server/media/file-journal.ts).
 */
export const pendingFiles = pgTable('pending_files', {
  key: text('key').primaryKey(),
  owner: integer('owner').notNull(),
  createdAt: createdAt(),
});

/**
 * Addresses that moved: a place that held the bare name of its city (from before one slug rule
 * kept places off such names) moves to a new slug when the city or country claims the name, and
 * its old address answers 301 to the new one (routes/pages.ts).
 */
export const slugRedirects = pgTable('slug_redirects', {
  slug: text('slug').primaryKey(),
  targetSlug: text('target_slug').notNull(),
  createdAt: createdAt(),
});

/** PostgreSQL's full-text document type (written by the search triggers, never by the app). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Country names in each language from CLDR (Intl.DisplayNames), for the English names and aliases
 * places and cities store: written at start (services/search.ts) for the search documents.
 */
export const searchCountryNames = pgTable(
  'search_country_names',
  {
    englishName: text('english_name').notNull(),
    languageCode: languageCode(),
    name: text('name').notNull(),
  },
  (t) => [
    primaryKey({ name: 'search_country_names_pk', columns: [t.englishName, t.languageCode] }),
    uniqueIndex('search_country_names_lower_idx').on(sql`lower(${t.englishName})`, t.languageCode),
  ],
);

/**
 * One search document per place, city and country and language, written by triggers on their
 * tables in the writing transaction (migration 0005, docs/decisions/007-search.md): the text shown
 * (translation, else English) and, for matching, the names without case and accents (`name_norm`,
 * trigram index), a full-text vector of everything in the language's configuration and the one-
 * and two-character parts of its Chinese text. No B-tree index holds `language_code` (the key is
 * one generated text), so the planner answers a search from the GIN indexes.
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    docKey: text('doc_key')
      .primaryKey()
      .generatedAlwaysAs(sql`kind || ':' || language_code || ':' || entity_id::text`),
    kind: text('kind', { enum: ['place', 'city', 'country'] }).notNull(),
    entityId: uuid('entity_id').notNull(),
    languageCode: languageCode(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    titleLang: varchar('title_lang', { length: 10 }).notNull(),
    subtitle: text('subtitle').notNull(),
    body: text('body').notNull(),
    bodyLang: varchar('body_lang', { length: 10 }).notNull(),
    imageUrl: text('image_url').notNull(),
    date: text('date'),
    titleNorm: text('title_norm').notNull(),
    nameNorm: text('name_norm').notNull(),
    tsv: tsvector('tsv').notNull(),
    cjkGrams: text('cjk_grams').array().notNull(),
  },
  (t) => [
    index('search_documents_entity_idx').on(t.entityId),
    // in the "C" collation, with kind and entity_id included (migration 0022: not expressible here)
    index('search_documents_title_order_idx').on(sql`${t.titleNorm} collate "C"`),
    index('search_documents_name_trgm_idx').using('gin', t.nameNorm.op('gin_trgm_ops')),
    index('search_documents_tsv_idx').using('gin', t.tsv),
    index('search_documents_cjk_idx').using('gin', t.cjkGrams),
  ],
);

/**
 * A place's, city's or country's content as it was before one change (migration 0012,
 * docs/decisions/017-revisions-and-trash.md): who made the change (`person`, the AI model's name or
 * `offline`), what it was in plain words, and a snapshot of everything the entity was. The last 50
 * of each entity are kept; never shown to visitors.
 */
export const revisions = pgTable(
  'revisions',
  {
    id: serialId(),
    entityType: entityType(),
    entityId: uuid('entity_id').notNull(),
    createdAt: createdAt(),
    author: text('author').notNull(),
    summary: text('summary').notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('revisions_entity_idx').on(t.entityType, t.entityId, t.id)],
);

/**
 * A deleted place, city, country or gallery photo, restorable for 30 days: its snapshot, its
 * address (still reserved in the slug namespace) and the media files it references (kept until the
 * trash is emptied or the row expires).
 */
export const trash = pgTable(
  'trash',
  {
    id: serialId(),
    kind: text('kind', { enum: ['place', 'city', 'country', 'gallery_image'] }).notNull(),
    entityId: uuid('entity_id').notNull(),
    title: text('title').notNull(),
    slug: text('slug'),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    mediaUrls: text('media_urls')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex('trash_kind_entity_idx').on(t.kind, t.entityId),
    uniqueIndex('trash_slug_idx').on(t.slug),
    index('trash_expires_idx').on(t.expiresAt),
    index('trash_media_urls_idx').using('gin', t.mediaUrls),
  ],
);

/**
 * Featured places (migration 0021, docs/decisions/044-featured-places.md): the owner's pins of a
 * city's page, a country's page and the home page (`area_id` the nil uuid), at most 6 each, in
 * `position` order. Only the owner's save writes them; visitors see the pins whose place is
 * published and in that city or country.
 */
export const featuredPlaces = pgTable(
  'featured_places',
  {
    scope: text('scope', { enum: ['home', 'city', 'country'] }).notNull(),
    areaId: uuid('area_id').notNull(),
    position: smallint('position').notNull(),
    placeId: uuid('place_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'featured_places_pkey', columns: [t.scope, t.areaId, t.position] }),
    uniqueIndex('featured_places_place_once_idx').on(t.scope, t.areaId, t.placeId),
    index('featured_places_place_idx').on(t.placeId),
  ],
);

/**
 * The facts a visit is planned with that read the same in every language (migration 0020,
 * docs/decisions/043-visit-facts.md): entered by the owner, never by a model. The free texts are in
 * place_visit_texts, one row per language.
 */
export const placeVisits = pgTable('place_visits', {
  placeId: uuid('place_id')
    .primaryKey()
    .references(() => places.id, { onDelete: 'cascade' }),
  address: text('address'),
  openingHours: jsonb('opening_hours')
    .$type<OpeningRow[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** Free, or an amount in a currency; a price in words is a text (place_visit_texts.price_text). */
  price: jsonb('price').$type<StoredPrice>(),
  /** ISO 8601, hours and minutes (PT1H30M). */
  duration: text('duration'),
  /** An https address only. */
  website: text('website'),
  updatedAt: updatedAt(),
});

/** The visit facts' free texts in one language: English from Edit Place, the others from the editor's desk. */
export const placeVisitTexts = pgTable(
  'place_visit_texts',
  {
    id: serialId(),
    placeId: placeId(),
    languageCode: languageCode(),
    hoursNote: text('hours_note'),
    priceText: text('price_text'),
    accessibility: text('accessibility'),
  },
  (t) => [uniqueIndex('place_visit_texts_place_language_idx').on(t.placeId, t.languageCode)],
);

/**
 * A place's themes, 0-3 of the taxonomy in shared/themes.ts (migration 0019, decision 041): a
 * person's choice (`origin` 'person') or a suggestion of the model or the offline writer
 * ('suggested', `suggestedBy` naming it) until the owner confirms. A machine never replaces a
 * person's themes.
 */
export const placeThemes = pgTable(
  'place_themes',
  {
    placeId: uuid('place_id')
      .notNull()
      .references(() => places.id, { onDelete: 'cascade' }),
    theme: text('theme').notNull(),
    origin: text('origin', { enum: ['person', 'suggested'] })
      .notNull()
      .default('person'),
    suggestedBy: text('suggested_by'),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'place_themes_pk', columns: [t.placeId, t.theme] }),
    index('place_themes_theme_idx').on(t.theme, t.placeId),
  ],
);
