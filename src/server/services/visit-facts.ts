import type { LanguageCode } from '../../shared/languages';
import type {
  AdminVisitDto,
  VisitDto,
  VisitFactsRequest,
  VisitFactsResponse,
  VisitTexts,
} from '../../shared/api/visit-facts';
import type { Database, DbOrTx } from '../db/client';
import { isUuid } from '../db/ids';
import { lockPlaceText } from '../db/repos/admin-places-repo';
import {
  readVisitRows,
  saveVisitFacts,
  saveVisitTexts,
  type StoredVisitTexts,
  type VisitFactsRow,
} from '../db/repos/visit-facts-repo';
import { NotFoundError } from '../errors';
import { PERSON, withRevision } from '../revisions/record';

const PLACE_NOT_FOUND = 'Place not found';
const TEXT_FIELDS = ['hoursNote', 'priceText', 'accessibility'] as const;

const orNull = (value: string | undefined | null) => (value ? value : null);

/**
 * The facts in a language (docs/decisions/043-visit-facts.md): each free text in that language, else
 * the English one, listed in `englishFields` so the page marks it; null without facts.
 */
export function localizeVisit(row: VisitFactsRow | null | undefined, lang: LanguageCode): VisitDto | null {
  if (!row) return null;
  const own = row.texts?.[lang];
  const english = row.texts?.en;
  const englishFields: VisitDto['englishFields'] = [];
  const text = (field: (typeof TEXT_FIELDS)[number]) => {
    if (own?.[field]) return own[field];
    if (english?.[field] && lang !== 'en') englishFields.push(field);
    return english?.[field] ?? null;
  };
  return {
    address: row.address,
    openingHours: row.openingHours,
    hoursNote: text('hoursNote'),
    price: row.price,
    priceText: text('priceText'),
    duration: row.duration,
    accessibility: text('accessibility'),
    website: row.website,
    englishFields,
  };
}

/** The facts as the owner entered them, for the admin; null when the place has none. */
export function toAdminVisit(row: VisitFactsRow | null | undefined): AdminVisitDto | null {
  if (!row) return null;
  const english = row.texts?.en;
  const translations = Object.fromEntries(
    Object.entries(row.texts ?? {})
      .filter(([lang]) => lang !== 'en')
      .map(([lang, texts]): [string, VisitTexts] => [
        lang,
        Object.fromEntries(TEXT_FIELDS.flatMap((field) => (texts[field] ? [[field, texts[field]]] : []))),
      ]),
  );
  const priceText = english?.priceText;
  return {
    address: row.address,
    openingHours: row.openingHours,
    hoursNote: english?.hoursNote ?? null,
    price: row.price ?? (priceText ? { text: priceText } : null),
    duration: row.duration,
    accessibility: english?.accessibility ?? null,
    website: row.website,
    translations,
  };
}

/** The rows of a place's facts read back as the one value the reads answer. */
async function currentVisit(tx: DbOrTx, placeId: string): Promise<AdminVisitDto | null> {
  const { facts, texts } = await readVisitRows(tx, placeId);
  if (!facts) return null;
  const { placeId: _placeId, updatedAt: _updatedAt, ...fields } = facts;
  const byLanguage = Object.fromEntries(
    texts.map(({ languageCode, hoursNote, priceText, accessibility }) => [
      languageCode,
      { hoursNote, priceText, accessibility } satisfies StoredVisitTexts,
    ]),
  );
  return toAdminVisit({ ...fields, texts: byLanguage });
}

/**
 * Visit facts (issue 40): the owner's writes, each kept with a revision by a person, and the public
 * read. No model writes or translates them (decision 043): no translation job is queued here.
 */
export function createVisitFactsService({ db }: { db: Database }) {
  /** A change of a place's facts in one transaction, with the place as it was kept as a revision. */
  async function change(id: string, write: (tx: DbOrTx) => Promise<void>, message: string) {
    if (!isUuid(id)) throw new NotFoundError(PLACE_NOT_FOUND);
    const visit = await db.transaction((tx) =>
      withRevision(tx, { type: 'place', id }, { author: PERSON }, async () => {
        if (!(await lockPlaceText(tx, id))) return undefined;
        await write(tx);
        return { visit: await currentVisit(tx, id) };
      }),
    );
    if (!visit) throw new NotFoundError(PLACE_NOT_FOUND);
    return { success: true as const, message, visit: visit.visit };
  }

  return {
    /** The facts as the owner entered them, every language's texts included (the editor's desk). */
    async read(id: string): Promise<AdminVisitDto | null> {
      if (!isUuid(id)) throw new NotFoundError(PLACE_NOT_FOUND);
      const found = await db.transaction(async (tx) =>
        (await lockPlaceText(tx, id)) ? { visit: await currentVisit(tx, id) } : undefined,
      );
      if (!found) throw new NotFoundError(PLACE_NOT_FOUND);
      return found.visit;
    },

    /** Replaces the facts and their English texts; the other languages' texts stay. */
    save(id: string, body: VisitFactsRequest): Promise<VisitFactsResponse> {
      const price = body.price && 'text' in body.price ? null : (body.price ?? null);
      const priceText = body.price && 'text' in body.price ? body.price.text : null;
      return change(
        id,
        async (tx) => {
          await saveVisitFacts(tx, id, {
            address: orNull(body.address),
            openingHours: body.openingHours ?? [],
            price,
            duration: orNull(body.duration),
            website: orNull(body.website),
          });
          await saveVisitTexts(tx, id, 'en', {
            hoursNote: orNull(body.hoursNote),
            priceText,
            accessibility: orNull(body.accessibility),
          });
        },
        'Visit facts saved',
      );
    },

    /** One other language's texts, written by a person at the editor's desk. */
    saveTexts(id: string, lang: Exclude<LanguageCode, 'en'>, body: VisitTexts): Promise<VisitFactsResponse> {
      return change(
        id,
        (tx) =>
          saveVisitTexts(tx, id, lang, {
            hoursNote: orNull(body.hoursNote),
            priceText: orNull(body.priceText),
            accessibility: orNull(body.accessibility),
          }),
        'Visit facts saved',
      );
    },
  };
}

export type VisitFactsService = ReturnType<typeof createVisitFactsService>;
