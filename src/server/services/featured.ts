import {
  FEATURED_CANDIDATES_MAX,
  FEATURED_MAX,
  type FeaturedAnswer,
  type FeaturedPlaceDto,
  type FeaturedScope,
  type FeaturedStatus,
  type HighlightsDto,
} from '../../shared/api/featured';
import { toLanguageCode } from '../../shared/languages';
import { SLUG_MAX_LENGTH } from '../../shared/limits';
import type { Database, DbOrTx } from '../db/client';
import { isUuid } from '../db/ids';
import * as areas from '../db/repos/areas-repo';
import * as repo from '../db/repos/featured-repo';
import { listPlaceCardsByIds } from '../db/repos/places-repo';
import { AppError, NotFoundError } from '../errors';
import { PERSON, withRevision } from '../revisions/record';
import { localizePlaceCard } from './localize';

const HOME: repo.FeaturedArea = { scope: 'home', id: repo.HOME_AREA_ID };
const NOT_FOUND = {
  city: 'City not found. It may have been deleted.',
  country: 'Country not found. It may have been deleted.',
} as const;

/** What a pin is for visitors now (shared/api/featured.ts). */
function statusOf(place: repo.PinnedPlaceRow | undefined, area: repo.FeaturedArea): FeaturedStatus {
  if (!place) return 'gone';
  const inArea =
    (area.location === undefined || place.location === area.location) &&
    (area.country === undefined || place.country === area.country);
  if (!inArea) return 'elsewhere';
  return place.state === 'published' ? 'shown' : 'draft';
}

const itemOf = (place: repo.PinnedPlaceRow, status: FeaturedStatus): FeaturedPlaceDto => ({
  id: place.id,
  title: place.title,
  imageUrl: place.imageUrl,
  location: `${place.location}, ${place.country}`,
  status,
});

/** The sentence of a refused save: 400 with its code, nothing written. */
const refused = (
  message: string,
  code: 'featured_too_many' | 'featured_duplicate' | 'featured_not_found' | 'featured_elsewhere',
) => new AppError(400, message, code);

/**
 * Featured places (docs/decisions/044-featured-places.md): the owner's pins of a city's page, a
 * country's page and the home page, and what visitors see of them. A pin is the owner's data: only
 * `save` writes it (and a merge, which moves it to the place that remains); a pin whose place is a
 * draft, in the Trash or elsewhere is kept in its slot and not shown.
 */
export function createFeaturedService({ db }: { db: Database }) {
  async function areaOf(db: DbOrTx, scope: FeaturedScope, id: string): Promise<repo.FeaturedArea> {
    if (scope === 'home') return HOME;
    const area = isUuid(id) ? await repo.findArea(db, scope, id) : undefined;
    if (!area) throw new NotFoundError(NOT_FOUND[scope]);
    return area;
  }

  async function answer(scope: FeaturedScope, id: string, q?: string, message?: string): Promise<FeaturedAnswer> {
    const area = await areaOf(db, scope, id);
    const pins = await repo.readPins(db, scope, area.id);
    const found = new Map((await repo.findPlaces(db, pins)).map((place) => [place.id, place]));
    const trashed = await repo.trashedTitles(
      db,
      pins.filter((placeId) => !found.has(placeId)),
    );
    const pinned = pins.map((placeId) => {
      const place = found.get(placeId);
      const status = statusOf(place, area);
      if (place) return itemOf(place, status);
      const title = trashed.get(placeId) ?? 'A deleted place';
      return { id: placeId, title, imageUrl: '', location: '', status };
    });
    const candidates = await repo.listCandidates(db, area, q || undefined, pins, FEATURED_CANDIDATES_MAX);
    return {
      pinned,
      candidates: candidates.map((place) => itemOf(place, statusOf(place, area))),
      ...(message ? { message } : {}),
    };
  }

  /** Checks a save: at most 6, no repeats, each an existing place of the area (a draft may wait in its slot). */
  async function check(area: repo.FeaturedArea, ids: readonly string[], where: string): Promise<void> {
    if (ids.length > FEATURED_MAX)
      throw refused(`Pin at most ${FEATURED_MAX} places: ${ids.length} were sent.`, 'featured_too_many');
    if (new Set(ids).size !== ids.length) throw refused('Each place can be pinned once.', 'featured_duplicate');
    const found = new Map((await repo.findPlaces(db, ids.filter(isUuid))).map((place) => [place.id, place]));
    for (const id of ids) {
      const place = found.get(id);
      if (!place)
        throw refused(
          'One of these places does not exist (or is in the Trash): reload and choose again.',
          'featured_not_found',
        );
      if (statusOf(place, area) === 'elsewhere')
        throw refused(
          `“${place.title}” is not a place of ${where}: only its own places can be pinned.`,
          'featured_elsewhere',
        );
    }
  }

  async function save(scope: FeaturedScope, id: string, placeIds: readonly string[]): Promise<FeaturedAnswer> {
    const area = await areaOf(db, scope, id);
    const where = scope === 'home' ? 'the site' : ((area as { name?: string }).name ?? '');
    await check(area, placeIds, where);
    const before = await repo.readPins(db, scope, area.id);
    // An unchanged list writes nothing: every write drops the page from the caches.
    if (before.join() !== placeIds.join()) {
      await db.transaction(async (tx) => {
        const write = () => repo.writePins(tx, scope, area.id, placeIds);
        if (scope === 'home') await write();
        else await withRevision(tx, { type: scope, id: area.id }, { author: PERSON }, write);
      });
    }
    const message =
      placeIds.length === 0
        ? 'Highlights removed: the page lists its places as before.'
        : `Highlights saved: ${placeIds.length} ${placeIds.length === 1 ? 'place comes' : 'places come'} first, in this order.`;
    return answer(scope, id, undefined, message);
  }

  /** The cards visitors see under "Highlights", in the owner's order. */
  async function highlights(scope: FeaturedScope, slug: string | null, requestedLang: string): Promise<HighlightsDto> {
    const lang = toLanguageCode(requestedLang);
    let area = HOME;
    if (scope !== 'home') {
      const page =
        slug && slug.length <= SLUG_MAX_LENGTH
          ? await (scope === 'city' ? areas.cityPage : areas.countryPage).bySlug(db, slug)
          : undefined;
      if (!page) throw new NotFoundError(NOT_FOUND[scope]);
      area = await areaOf(db, scope, page.id);
    }
    const ids = await repo.shownPins(db, area);
    const cards = new Map((await listPlaceCardsByIds(db, lang, ids)).map((row) => [row.id, row]));
    return {
      of: scope === 'home' ? null : { kind: scope, id: area.id },
      places: ids.flatMap((placeId) => {
        const row = cards.get(placeId);
        return row ? [localizePlaceCard(row, lang)] : [];
      }),
    };
  }

  return {
    /** GET /api/admin/{cities|countries}/{id}/featured, /api/admin/home/featured. */
    read: (scope: FeaturedScope, id: string, q?: string) => answer(scope, id, q),
    /** PUT of the same: every pin in order; refused with a code and nothing written when one is wrong. */
    save,
    highlights,
  };
}

export type FeaturedService = ReturnType<typeof createFeaturedService>;
