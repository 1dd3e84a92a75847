// The public place page and page address reads: each is one round trip (see findPlacePage and
// findAddress), built from the place fields of places-repo.ts.
import { and, eq, sql, type Placeholder } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  CityDto,
  CountryDto,
  GalleryImageDto,
  PlaceCardDto,
  PlaceDto,
  TranslatedFactsDto,
  TranslatedHistoryDto,
} from '@/shared/api/public';
import type { LanguageCode } from '@/shared/languages';
import type { DbOrTx } from '../client';
import { contentVersion, places, placeTranslations } from '../schema';
import {
  cardFields,
  galleryEnglishFields,
  galleryText,
  jsonObject,
  tr,
  translatedFields,
  type TranslatedCardRow,
  type TranslatedPlaceRow,
} from './places-repo';
import { nearbyJson, type NearbyRow } from './nearby-repo';
import { preparedOnce } from './prepared';
import { placeThemeIdsJson } from './themes-repo';
import { visitJson, type VisitFactsRow } from './visit-facts-repo';
import type { VisitDto } from '@/shared/api/visit-facts';
import { NEARBY_PLACES, type NearbyPlaceDto } from '@/shared/api/nearby';

const related = alias(places, 'related');
const relatedTr = alias(placeTranslations, 'related_tr');

/** A place page as the public site shows it (built by the catalogue from a PlacePageRow). */
export interface PlacePage {
  place: PlaceDto;
  gallery: GalleryImageDto[];
  history: TranslatedHistoryDto | null;
  facts: TranslatedFactsDto | null;
  related: PlaceCardDto[];
  /** The visit facts in the page's language (decision 043); null without any. */
  visit: VisitDto | null;
  /** The ids of its themes in its owner's order (decision 041), chosen or suggested. */
  themes: string[];
}

/** A place page read with its address (findAddress): its nearby places too. */
export interface AddressPage extends PlacePage {
  /** Up to NEARBY_PLACES other places within NEARBY_RADIUS_M, nearest first (GET /api/places/:id/nearby). */
  nearby: NearbyPlaceDto[];
}

export interface PlacePageRow {
  place: TranslatedPlaceRow;
  gallery: GalleryImageDto[];
  history: TranslatedHistoryDto | null;
  facts: TranslatedFactsDto | null;
  related: TranslatedCardRow[];
  visit: VisitFactsRow | null;
  themes: string[];
}

/**
 * The sections of a place page as JSON subqueries of the outer `places` row: its gallery, its
 * history and trivia in `lang` (else English), and the newest other places of its city.
 */
function placeSections(lang: Placeholder) {
  return {
    gallery: sql<GalleryImageDto[]>`(select coalesce(json_agg(json_build_object(
      'id', g.id, 'imageUrl', g.image_url, 'originalImagePath', g.original_image_path,
      'alt', ${galleryText('alt', lang)}, 'caption', ${galleryText('caption', lang)},
      'englishFields', ${galleryEnglishFields(lang)}
    ) order by g.position, g.created_at, g.id), '[]'::json) from gallery_images g where g.place_id = ${places.id})`,
    history: sql<TranslatedHistoryDto | null>`(select json_build_object('hasEvents', h.has_events, 'events', h.events,
      'languageCode', h.language_code)
    from place_history h where h.place_id = ${places.id} and h.language_code in (${lang}, 'en')
    order by h.language_code = ${lang} desc limit 1)`,
    facts: sql<TranslatedFactsDto | null>`(select json_build_object('hasFacts', f.has_facts, 'facts', f.facts,
      'languageCode', f.language_code)
    from place_facts f where f.place_id = ${places.id} and f.language_code in (${lang}, 'en')
    order by f.language_code = ${lang} desc limit 1)`,
    related: sql<
      TranslatedCardRow[]
    >`(select coalesce(json_agg(x.place order by x.date desc, x.created_at desc, x.id desc), '[]'::json)
    from (select ${jsonObject(cardFields(related, relatedTr, lang))} as place, ${related.date} as date,
            ${related.createdAt} as created_at, ${related.id} as id
          from ${places} ${related} left join ${placeTranslations} ${relatedTr}
            on ${relatedTr.placeId} = ${related.id} and ${relatedTr.languageCode} = ${lang}
          where ${related.location} = ${places.location} and ${related.country} = ${places.country}
            and ${related.id} <> ${places.id} and ${related.state} = 'published'
          order by ${related.date} desc, ${related.createdAt} desc, ${related.id} desc
          limit ${sql.placeholder('relatedLimit')}) x)`,
    visit: visitJson(sql`${places.id}`, lang),
    // the page's themes need no read of their own
    themes: placeThemeIdsJson(sql`${places.id}`),
  };
}

/** The place page's query, built once per database handle and reused (it is on every first render). */
function preparePlacePage(db: DbOrTx) {
  const lang = sql.placeholder('lang');
  const sections = placeSections(lang);
  return (
    db
      .select({
        ...translatedFields(places, tr, lang),
        pageGallery: sections.gallery,
        pageHistory: sections.history,
        pageFacts: sections.facts,
        pageRelated: sections.related,
        pageVisit: sections.visit,
        pageThemes: sections.themes,
      })
      .from(places)
      .leftJoin(tr, and(eq(tr.placeId, places.id), eq(tr.languageCode, lang)))
      // A draft only for the admin's preview.
      .where(
        and(
          eq(places.slug, sql.placeholder('slug')),
          sql`(${places.state} = 'published' or ${sql.placeholder('includeDrafts')}::boolean)`,
        ),
      )
      .limit(1)
      .prepare('place_page')
  );
}

const placePageStatement = preparedOnce(preparePlacePage);

/**
 * Everything a place page shows, in `lang`, in one round trip: the place, its gallery, history and
 * trivia (English when `lang` has none) and up to `relatedLimit` other places of its city. Each
 * part is the same query the public API answers on its own, nested as a JSON subquery.
 */
export async function findPlacePage(
  db: DbOrTx,
  slug: string,
  lang: LanguageCode,
  relatedLimit: number,
  includeDrafts = false,
): Promise<PlacePageRow | undefined> {
  const rows = await placePageStatement(db).execute({ slug, lang, relatedLimit, includeDrafts });
  const row = rows[0];
  if (!row) return undefined;
  const { pageGallery, pageHistory, pageFacts, pageRelated, pageVisit, pageThemes, ...place } = row;
  return {
    place,
    gallery: pageGallery,
    history: pageHistory,
    facts: pageFacts,
    related: pageRelated,
    visit: pageVisit,
    themes: pageThemes,
  };
}

const ISO_INSTANT = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * A page address read at once: the country and the city with that slug (an address is a country,
 * else a city, else a place) and the place page in `lang` with its nearby places (decision 046), in
 * one round trip. The query is made of subqueries only; the one-row content_version table is its FROM.
 */
export function addressQuery(db: DbOrTx) {
  const slug = sql.placeholder('slug');
  const lang = sql.placeholder('lang');
  const sections = placeSections(lang);
  // Table names are written out: in a query over one table Drizzle leaves columns unqualified,
  // and "id" would be ambiguous inside the joined subquery.
  const instant = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', ${ISO_INSTANT})`);
  return db
    .select({
      country: sql<CountryDto | null>`(select json_build_object('id', c.id, 'name', c.name, 'slug', c.slug,
        'description', c.description, 'imageUrl', c.image_url, 'createdAt', ${instant('c.created_at')})
        from countries c where c.slug = ${slug})`,
      city: sql<CityDto | null>`(select json_build_object('id', c.id, 'name', c.name, 'country', c.country,
        'slug', c.slug, 'description', c.description, 'imageUrl', c.image_url, 'createdAt', ${instant('c.created_at')})
        from cities c where c.slug = ${slug})`,
      page: sql<AddressPageRow | null>`(select json_build_object('place', ${jsonObject(translatedFields(places, tr, lang))},
        'gallery', ${sections.gallery}, 'history', ${sections.history}, 'facts', ${sections.facts},
        'related', ${sections.related}, 'visit', ${sections.visit}, 'themes', ${sections.themes},
        'nearby', ${nearbyJson(places, lang, NEARBY_PLACES)})
        from places left join place_translations tr on tr.place_id = places.id and tr.language_code = ${lang}
        where places.slug = ${slug} and places.state = 'published')`,
    })
    .from(contentVersion)
    .where(eq(contentVersion.id, 1));
}

const addressStatement = preparedOnce((db: DbOrTx) => addressQuery(db).prepare('page_address'));

export interface PageAddress {
  country: CountryDto | null;
  city: CityDto | null;
  page: AddressPage | null;
}

export interface AddressPageRow extends PlacePageRow {
  nearby: NearbyRow[];
}

export interface PageAddressRow {
  country: CountryDto | null;
  city: CityDto | null;
  page: AddressPageRow | null;
}

export async function findAddress(
  db: DbOrTx,
  slug: string,
  lang: LanguageCode,
  relatedLimit: number,
): Promise<PageAddressRow> {
  const rows = await addressStatement(db).execute({ slug, lang, relatedLimit });
  return rows[0] ?? { country: null, city: null, page: null };
}
