import type {
  AreaContentDto,
  AreaTextBody,
  PlaceContentDto,
  PlaceText,
  PlaceTextBody,
} from '../../shared/api/content-editor';
import type { ContentSaved, ContentStatus } from '../../shared/api/written-text';
import { LANGUAGE_CODES, LANGUAGES, isLanguageCode, type LanguageCode } from '../../shared/languages';
import type { Database } from '../db/client';
import { isUuid } from '../db/ids';
import { areaRows } from '../db/repos/admin-areas-repo';
import type { AreaKind } from '../db/repos/area-tables';
import * as repo from '../db/repos/content-editor-repo';
import type { PartItems, PlacePartKind, StoredLanguage } from '../db/repos/content-editor-repo';
import { clearFailures, enqueueJob } from '../db/repos/translation-jobs-repo';
import { AppError, NotFoundError } from '../errors';
import type { TranslationQueue } from '../translation/queue';
import type { AdminCitiesService } from './admin-cities';
import type { AdminCountriesService } from './admin-countries';
import type { AdminPlacesService } from './admin-places';
import { PERSON, withRevision } from '../revisions/record';
import { translatedPagesAppear } from './translated-pages';

const PLACE_NOT_FOUND = 'Place not found';
const AREA_NOT_FOUND = { city: 'City not found', country: 'Country not found' } as const;
const LANGUAGE_NOT_FOUND = 'That language is not one of the site’s: use en, es, de, fr or zh.';

const languageName = (lang: string) => LANGUAGES.find((l) => l.code === lang)?.name ?? lang;

/** Where a stored language stands against its English source (see contentStatus). */
function statusOf(stored: StoredLanguage<unknown> | undefined, sourceVersion: number): ContentStatus {
  if (!stored) return 'missing';
  return stored.sourceVersion < sourceVersion ? 'outdated' : 'current';
}

/**
 * Every language of one thing, English first: the English source (whose origin says who last wrote
 * it), then each other language as stored, with the English it was written from when a person wrote
 * it and the English has changed since (the editor's diff).
 */
function languages<T>(
  english: { content: T; origin: 'machine' | 'person' },
  stored: StoredLanguage<T>[],
  sourceVersion: number,
  basedOnOf: (value: Record<string, unknown>) => T,
) {
  const byLang = new Map(stored.map((row) => [row.languageCode, row]));
  return LANGUAGE_CODES.map((lang) => {
    if (lang === 'en') {
      return {
        languageCode: lang,
        status: 'source' as const,
        origin: english.origin,
        content: english.content,
        basedOn: null,
      };
    }
    const row = byLang.get(lang);
    const status = statusOf(row, sourceVersion);
    return {
      languageCode: lang,
      status,
      origin: row?.origin ?? null,
      content: row?.content ?? null,
      basedOn: status === 'outdated' && row?.basedOn ? basedOnOf(row.basedOn) : null,
    };
  });
}

/** A stored text field, '' when the stored JSON lacks it. */
const field = (value: Record<string, unknown>, key: string) => (typeof value[key] === 'string' ? value[key] : '');
const placeTextOf = (value: Record<string, unknown>): PlaceText => ({
  title: field(value, 'title'),
  description: field(value, 'description'),
  fullDescription: field(value, 'fullDescription') || null,
  location: field(value, 'location'),
  country: field(value, 'country'),
});
const areaTextOf = (value: Record<string, unknown>): repo.AreaText => ({
  name: field(value, 'name'),
  description: field(value, 'description'),
});
const itemsOf =
  <P extends PlacePartKind>() =>
  (value: Record<string, unknown>) =>
    (Array.isArray(value.items) ? value.items : []) as PartItems<P>;

/** History or trivia in every language: the English part's version decides what is outdated. */
function partLanguages<P extends PlacePartKind>(rows: StoredLanguage<PartItems<P>>[]) {
  const english = rows.find((row) => row.languageCode === 'en');
  const others = rows.filter((row) => row.languageCode !== 'en');
  const entries = languages(
    { content: english?.content ?? [], origin: english?.origin ?? 'machine' },
    others,
    english?.sourceVersion ?? 1,
    itemsOf<P>(),
  );
  // Without an English part there is no source: say so rather than show an empty "source".
  if (!english)
    entries[0] = { ...entries[0]!, content: null as never, origin: null as never, status: 'missing' as never };
  return entries;
}

/** Each language's text with whether a person has reviewed it (the English source's own flag; null when missing). */
function withReview<E extends { languageCode: string; status: ContentStatus }>(
  entries: E[],
  englishReviewed: boolean,
  stored: StoredLanguage<unknown>[],
): (E & { reviewed: boolean | null })[] {
  const byLang = new Map(stored.map((row) => [row.languageCode, row.reviewed ?? false]));
  return entries.map((entry) => ({
    ...entry,
    reviewed: entry.languageCode === 'en' ? englishReviewed : (byLang.get(entry.languageCode) ?? null),
  }));
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

interface ContentEditorDeps {
  db: Database;
  queue: TranslationQueue;
  adminPlaces: AdminPlacesService;
  adminCities: AdminCitiesService;
  adminCountries: AdminCountriesService;
}

/**
 * The editor's desk (docs/decisions/014-written-by-a-person.md): a person reads and writes every
 * language of a place (text, history, trivia), a city and a country. A person's text is recorded as
 * theirs and no machine replaces it; when the English changes it is outdated and kept, and the
 * editor sees what changed. English saves go through the same services as the edit dialogs, so
 * they outdate the translations and queue machine work exactly as an edit does.
 */
export function createContentEditorService({ db, queue, adminPlaces, adminCities, adminCountries }: ContentEditorDeps) {
  function knownLanguage(lang: string): LanguageCode {
    if (!isLanguageCode(lang)) throw new NotFoundError(LANGUAGE_NOT_FOUND);
    return lang;
  }

  async function placeSource(id: string) {
    const place = isUuid(id) ? await repo.findPlaceSource(db, id) : undefined;
    if (!place) throw new NotFoundError(PLACE_NOT_FOUND);
    return place;
  }

  async function areaSource(kind: AreaKind, id: string) {
    const area = isUuid(id) ? await repo.findAreaSource(db, kind, id) : undefined;
    if (!area) throw new NotFoundError(AREA_NOT_FOUND[kind]);
    return area;
  }

  /** With an AI model, the languages a machine wrote follow an English change (a job, as after an edit). */
  async function queueMachineLanguages(tx: Parameters<Parameters<Database['transaction']>[0]>[0], placeId: string) {
    if (!queue.active) return false;
    await enqueueJob(tx, { type: 'place', id: placeId }, { allLanguages: false, describe: false });
    return true;
  }

  const savedIn = (lang: LanguageCode, what: string): ContentSaved => ({
    success: true,
    message: `${languageName(lang)} ${what} saved. It is marked as written by hand, so machine translation will not replace it.`,
    outdatedLanguages: [],
  });

  return {
    async placeContent(id: string): Promise<PlaceContentDto> {
      const place = await placeSource(id);
      const [texts, history, facts] = await Promise.all([
        repo.listPlaceTexts(db, place.id),
        repo.listPartItems(db, 'history', place.id),
        repo.listPartItems(db, 'facts', place.id),
      ]);
      const english: PlaceText = {
        title: place.title,
        description: place.description,
        fullDescription: place.fullDescription,
        location: place.location,
        country: place.country,
      };
      return {
        id: place.id,
        slug: place.slug,
        text: withReview(
          languages({ content: english, origin: 'person' }, texts, place.sourceVersion, placeTextOf),
          place.reviewed,
          texts,
        ),
        history: partLanguages(history) as PlaceContentDto['history'],
        facts: partLanguages(facts) as PlaceContentDto['facts'],
        translatedPagesAppear: translatedPagesAppear('place', queue.active),
      };
    },

    async savePlaceText(id: string, requestedLang: string, body: PlaceTextBody): Promise<ContentSaved> {
      const lang = knownLanguage(requestedLang);
      const place = await placeSource(id);
      if (lang === 'en') {
        const current = await repo.findPlaceCoverAndDate(db, place.id);
        if (!current) throw new NotFoundError(PLACE_NOT_FOUND);
        const saved = await adminPlaces.update(place.id, {
          ...body,
          fullDescription: body.fullDescription ?? '',
          imageUrl: current.imageUrl,
          date: current.date,
        });
        return { success: true, message: saved.message, outdatedLanguages: saved.outdatedTranslations };
      }
      const written = await db.transaction((tx) =>
        withRevision(tx, { type: 'place', id: place.id }, { author: PERSON }, async () => {
          const source = await repo.findPlaceSource(tx, place.id, true);
          if (!source) return false;
          const { id: _id, slug: _slug, sourceVersion, reviewed: _reviewed, ...english } = source;
          const text: PlaceText = { ...body, fullDescription: body.fullDescription || null };
          await repo.writePlaceText(tx, source.id, lang, text, sourceVersion, english);
          await clearFailures(tx, { type: 'place', id: source.id }, [lang]);
          return true;
        }),
      );
      if (!written) throw new NotFoundError(PLACE_NOT_FOUND);
      return savedIn(lang, 'text');
    },

    async savePlacePart<P extends PlacePartKind>(
      id: string,
      part: P,
      requestedLang: string,
      items: PartItems<P>,
    ): Promise<ContentSaved> {
      const lang = knownLanguage(requestedLang);
      const place = await placeSource(id);
      const label = part === 'history' ? 'history' : 'trivia';
      const result = await db.transaction((tx) =>
        withRevision(tx, { type: 'place', id: place.id }, { author: PERSON }, async () => {
          if (!(await repo.findPlaceSource(tx, place.id, true))) return undefined;
          const rows = await repo.listPartItems(tx, part, place.id);
          const english = rows.find((row) => row.languageCode === 'en');
          if (lang === 'en') {
            if (english && sameJson(english.content, items)) return { outdated: [], queued: false };
            const version = (english?.sourceVersion ?? 0) + 1;
            await repo.writePartItems(tx, part, place.id, 'en', items, version, null);
            const outdated = rows.filter((row) => row.languageCode !== 'en').map((row) => row.languageCode);
            const queued = outdated.length > 0 && (await queueMachineLanguages(tx, place.id));
            return { outdated, queued };
          }
          await repo.writePartItems(
            tx,
            part,
            place.id,
            lang,
            items,
            english?.sourceVersion ?? 1,
            english?.content ?? null,
          );
          return { outdated: [], queued: false };
        }),
      );
      if (!result) throw new NotFoundError(PLACE_NOT_FOUND);
      if (result.queued) queue.notify();
      if (lang !== 'en') return savedIn(lang, label);
      const outdatedLanguages = LANGUAGE_CODES.filter((c) => result.outdated.includes(c));
      const follow =
        outdatedLanguages.length === 0
          ? ''
          : result.queued
            ? ' The other languages are being translated again; those written by hand are kept and marked outdated.'
            : ` ${outdatedLanguages.map(languageName).join(', ')} now need${outdatedLanguages.length === 1 ? 's' : ''} updating to match.`;
      return { success: true, message: `English ${label} saved.${follow}`, outdatedLanguages };
    },

    async areaContent(kind: AreaKind, id: string): Promise<AreaContentDto> {
      const area = await areaSource(kind, id);
      const texts = await repo.listAreaTexts(db, kind, area.id);
      return {
        id: area.id,
        slug: area.slug,
        text: withReview(
          languages(
            { content: { name: area.name, description: area.description }, origin: 'person' },
            texts,
            area.sourceVersion,
            areaTextOf,
          ),
          area.reviewed,
          texts,
        ),
        translatedPagesAppear: translatedPagesAppear(kind, queue.active),
      };
    },

    async saveAreaText(kind: AreaKind, id: string, requestedLang: string, body: AreaTextBody): Promise<ContentSaved> {
      const lang = knownLanguage(requestedLang);
      const area = await areaSource(kind, id);
      if (lang === 'en') {
        const saved =
          kind === 'city'
            ? await (async () => {
                const row = await areaRows.city.findRow(db, area.id);
                if (!row) throw new NotFoundError(AREA_NOT_FOUND.city);
                return adminCities.update(area.id, { ...body, country: row.country, imageUrl: row.imageUrl });
              })()
            : await (async () => {
                const row = await areaRows.country.findRow(db, area.id);
                if (!row) throw new NotFoundError(AREA_NOT_FOUND.country);
                return adminCountries.update(area.id, { ...body, imageUrl: row.imageUrl });
              })();
        return {
          success: true,
          message: saved.message,
          outdatedLanguages: LANGUAGE_CODES.filter((c) => saved.outdatedLanguages.includes(c)),
        };
      }
      const written = await db.transaction((tx) =>
        withRevision(tx, { type: kind, id: area.id }, { author: PERSON }, async () => {
          const source = await repo.findAreaSource(tx, kind, area.id, true);
          if (!source) return false;
          const english = { name: source.name, description: source.description };
          await repo.writeAreaText(tx, kind, source.id, lang, body, source.sourceVersion, english);
          await clearFailures(tx, { type: kind, id: source.id }, [lang]);
          return true;
        }),
      );
      if (!written) throw new NotFoundError(AREA_NOT_FOUND[kind]);
      return savedIn(lang, 'text');
    },

    /**
     * "Translate again by machine" for one language: a person's text there becomes a machine's to
     * replace, and the machine translates it now. Without an AI model nothing changes.
     */
    async machineAgain(entity: { type: 'place' | AreaKind; id: string }, requestedLang: string): Promise<ContentSaved> {
      const lang = knownLanguage(requestedLang);
      if (lang === 'en') throw new AppError(400, 'English is the original: it is not translated. Edit it instead.');
      if (entity.type === 'place') await placeSource(entity.id);
      else await areaSource(entity.type, entity.id);
      if (!queue.active) {
        throw new AppError(
          409,
          `No AI model is set up, so ${languageName(lang)} cannot be translated by machine. Your text was kept; edit it by hand instead.`,
        );
      }
      await db.transaction(async (tx) => {
        await repo.releaseToMachine(tx, entity, lang);
        await clearFailures(tx, entity, [lang]);
      });
      const run = await queue.translateNow(entity);
      const reason = run.failed.get(lang);
      if (reason) {
        return {
          success: true,
          message: `${languageName(lang)} could not be translated by machine: ${reason} It will be tried again; the earlier text stays on the site until then.`,
          outdatedLanguages: [],
        };
      }
      return {
        success: true,
        message: `${languageName(lang)} was translated again by machine.`,
        outdatedLanguages: [],
      };
    },
  };
}

export type ContentEditorService = ReturnType<typeof createContentEditorService>;
