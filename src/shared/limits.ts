/** Business constants shared by client and server (docs/product.md §9). */
export const RELATED_PLACES_DEFAULT = 5;
export const RELATED_PLACES_MAX = 20;
export const META_DESCRIPTION_LENGTH = 160;
export const PLACE_DESCRIPTION_EXCERPT = 150;
export const EDIT_PLACES_DEFAULT_COUNT = 10;
/**
 * The fewest pixels a photo needs on its long side to become a place: its image fills the screen
 * as the place's hero and is the social preview and the free full-resolution download. Smaller is
 * a thumbnail or a picture from a chat, and the upload is refused. Gallery images are accepted
 * smaller, with a warning.
 */
export const MIN_PHOTO_LONG_SIDE = 1000;
export const SLUG_MAX_LENGTH = 200;
/**
 * How far 'Nearby' reaches, in metres: a day trip, never another country's far side or another
 * continent (the catalogue is a few places per city, in cities far apart). Here, not beside the
 * nearby contract, so the place page reads it without bundling zod.
 */
export const NEARBY_RADIUS_M = 50_000;
/** With fewer nearby places than this, the place page also offers the rest of its country. */
export const NEARBY_FEW = 3;
/** Idle timeout and absolute lifetime of an admin session. */
export const SESSION_IDLE_SECONDS = 7 * 24 * 60 * 60;
export const SESSION_MAX_SECONDS = 30 * 24 * 60 * 60;
/** Failed logins from one address within the window before answers become 429. */
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;

/** A byte count as the administrator reads it: "40 MB", "1.5 MB" (MB of 1024 × 1024 bytes). */
export function formatMegabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}
