/**
 * The places a visitor saved on their device (docs/decisions/023-saved-and-offline.md): their ids,
 * kept in the browser's storage and carried in a share address as `/{lang}/saved?ids=a,b,c`.
 */

/** At most this many saved places: on a device, in a share address and in one API call. */
export const SAVED_PLACES_MAX = 100;

const PLACE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The ids of a share address's `ids` (comma-separated place ids, in the order saved), without
 * repeats; undefined when any is not a place id or there are more than SAVED_PLACES_MAX.
 */
export function parseSavedIds(text: string): string[] | undefined {
  const ids = [...new Set(text.toLowerCase().split(',').filter(Boolean))];
  if (ids.length > SAVED_PLACES_MAX || !ids.every((id) => PLACE_ID.test(id))) return undefined;
  return ids;
}

/**
 * The public API's answer for saved places in one language (their cards, in the order given). The
 * Saved page reads it, the service worker keeps it for every language so the offline page can name
 * saved places in its own language (public/offline.js builds the same address).
 */
export const savedPlacesAddress = (ids: readonly string[], lang: string) =>
  `/api/places/by-ids/translations/${lang}?ids=${ids.join(',')}`;
