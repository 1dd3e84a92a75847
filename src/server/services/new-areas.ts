import {
  CREATE_MISSING_MAX,
  newAreasMode,
  type CreatedAreas,
  type CreateMissingAreasResponse,
  type MissingPublishedAreas,
  type NewAreasMode,
} from '../../shared/api/new-areas';
import type { AiProvider } from '../ai/types';
import type { Database, DbOrTx } from '../db/client';
import { violatedUniqueConstraint } from '../db/errors';
import { areaRows, findCityByName, findCountryByName } from '../db/repos/admin-areas-repo';
import * as repo from '../db/repos/new-areas-repo';
import { enqueueJob } from '../db/repos/translation-jobs-repo';
import type { TranslationQueue } from '../translation/queue';
import { claimAreaSlug } from './slugs';

/** The default (docs/decisions/026-new-areas.md): a traveller should never meet a site without countries. */
const DEFAULT_MODE: NewAreasMode = 'create';

export const NO_NEW_AREAS: CreatedAreas = { cities: [], countries: [] };

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The sentence a publish (or another write) adds when it created pages: " Madrid and Spain have
 * their own pages now: /en/madrid, /en/spain." or '' when it created none.
 */
export function newAreasSentence(created: CreatedAreas): string {
  const pages = [...created.cities, ...created.countries];
  if (pages.length === 0) return '';
  const names = pages.map((page) => page.name);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  const have = pages.length === 1 ? 'has its own page' : 'have their own pages';
  return ` ${list} ${have} now: ${pages.map((page) => `/en/${page.slug}`).join(', ')}.`;
}

interface NewAreasDeps {
  db: Database;
  ai: AiProvider;
  /** With an AI model, the description and the translations are written by a queued job, as for Add City. */
  queue: TranslationQueue;
}

/**
 * Cities and countries appear with their first published place (docs/product.md §18): when a place
 * is published in a town or country without a page, the city and country are made in the same
 * transaction, as Add City and Add Country make them (the gazetteer's English name, named in every
 * language by the public pages; the place's photo; the offline writer's description at once, or
 * the AI model's through a translation job), unreviewed like any machine text. The admin's setting
 * `newAreas: 'ask'` leaves them to Manage Cities and Manage Countries; the dashboard's one-time
 * action makes every missing one of published places.
 */
export function createNewAreasService({ db, ai, queue }: NewAreasDeps) {
  async function mode(from: DbOrTx = db): Promise<NewAreasMode> {
    const parsed = newAreasMode.safeParse(await repo.readNewAreas(from));
    return parsed.success ? parsed.data : DEFAULT_MODE;
  }

  /** Without a model the offline writer's words, at once (no network); with one, the job writes them. */
  async function describe(area: { name: string; country?: string }): Promise<string> {
    if (queue.active) return '';
    const text =
      area.country === undefined
        ? await ai.describeCountry({ name: area.name })
        : await ai.describeCity({ name: area.name, country: area.country });
    return text.trim();
  }

  /**
   * One new city or country inside the caller's transaction, in a savepoint: when someone took its
   * name at the same moment (Add City), that one stands and the caller's write goes on.
   */
  async function insertArea(tx: DbOrTx, area: { name: string; country?: string; imageUrl: string }) {
    const kind = area.country === undefined ? 'country' : 'city';
    const description = await describe(area);
    try {
      return await tx.transaction(async (savepoint) => {
        const slug = await claimAreaSlug(savepoint, area.name);
        const origin = queue.active ? ('machine' as const) : ('data' as const);
        const values = { name: area.name, imageUrl: area.imageUrl, slug, description, origin };
        const { id } =
          area.country === undefined
            ? await areaRows.country.insert(savepoint, values)
            : await areaRows.city.insert(savepoint, { ...values, country: area.country });
        if (queue.active) await enqueueJob(savepoint, { type: kind, id }, { allLanguages: true, describe: true });
        return { id, name: area.name, slug };
      });
    } catch (error) {
      if (violatedUniqueConstraint(error) === undefined) throw error;
      return undefined;
    }
  }

  /** Pages for the published places' towns and countries that lack one (of one place, or all). */
  async function createPages(tx: DbOrTx, filter: repo.TownFilter, limit: number): Promise<CreatedAreas> {
    const towns = await repo.listTownsWithoutCity(tx, filter, limit);
    const lands = await repo.listCountriesWithoutPage(tx, filter, limit);
    // One lock per country, taken in order, so two writers never wait for each other in a circle.
    const names = [...new Set([...towns.map((t) => t.country), ...lands.map((c) => c.name)])].sort();
    for (const name of names) await repo.lockAreasOf(tx, name);
    const created: CreatedAreas = { cities: [], countries: [] };
    for (const land of lands) {
      if (await findCountryByName(tx, land.name)) continue;
      const country = await insertArea(tx, land);
      if (country) created.countries.push(country);
    }
    for (const town of towns) {
      if (await findCityByName(tx, town.name, town.country)) continue;
      const city = await insertArea(tx, town);
      if (city) created.cities.push({ ...city, country: town.country });
    }
    return created;
  }

  const missing = (): Promise<MissingPublishedAreas> => repo.countWithoutPage(db);

  /** After the commit of a write that created pages: with a model, the worker writes their descriptions now. */
  function notify(created: CreatedAreas): void {
    if (queue.active && created.cities.length + created.countries.length > 0) queue.notify();
  }

  return {
    mode,
    saveMode: (value: NewAreasMode) => repo.writeNewAreas(db, value),

    /** A place's state and town before a write (see placeWritten). */
    townOf: (tx: DbOrTx, placeId: string) => repo.findPlaceTown(tx, placeId),

    /**
     * After a write of a place, in its transaction: when the place is published now and was not, or
     * was published in another town (`before`; leave it out for a place that just appeared), its
     * city and country get their pages unless they have them or the setting is `ask`.
     */
    async placeWritten(tx: DbOrTx, placeId: string, before?: repo.PlaceTown): Promise<CreatedAreas> {
      const now = await repo.findPlaceTown(tx, placeId);
      if (now?.state !== 'published') return NO_NEW_AREAS;
      const moved = before?.state !== 'published' || before.location !== now.location || before.country !== now.country;
      if (!moved || (await mode(tx)) !== 'create') return NO_NEW_AREAS;
      return createPages(tx, { placeId }, 1);
    },

    notify,

    missing,

    /**
     * The dashboard's one-time action (whatever the setting): a page for every town and country of
     * published places that has none, at most CREATE_MISSING_MAX cities a press.
     */
    async createMissing(): Promise<CreateMissingAreasResponse> {
      const created = await db.transaction((tx) => createPages(tx, {}, CREATE_MISSING_MAX));
      notify(created);
      const remaining = await missing();
      const made = `${count(created.cities.length, 'city', 'cities')} and ${count(created.countries.length, 'country', 'countries')}`;
      const written = queue.active
        ? ' Their descriptions are being written and translated; each language’s badge shows when it is ready.'
        : ' Their descriptions were written offline: read them in Manage Cities and Manage Countries.';
      const left =
        remaining.cities + remaining.countries > 0
          ? ` ${count(remaining.cities, 'city', 'cities')} and ${count(remaining.countries, 'country', 'countries')} are still missing: press the button again.`
          : '';
      const message =
        created.cities.length + created.countries.length === 0
          ? `Every city and country of your published places already has a page.${left}`
          : `Created ${made}.${written}${left}`;
      return { ...created, remaining, message };
    },
  };
}

export type NewAreasService = ReturnType<typeof createNewAreasService>;
