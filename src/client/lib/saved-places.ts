import { LANGUAGE_CODES } from '../../shared/languages';
import { SAVED_PLACES_MAX, savedPlacesAddress } from '../../shared/saved-places';

/**
 * The visitor's saved places, kept in this browser's localStorage only: no account, no cookie, no
 * server state (docs/decisions/023-saved-and-offline.md). Each entry holds what the offline page
 * (public/offline.js) needs to list and link it without the network; newest first.
 */
export interface SavedPlace {
  id: string;
  /**
   * The place page where it was saved (`/{lang}/{slug}`); the place's address is the same in every
   * language (inLanguage), and the service worker stores it in each.
   */
  url: string;
  title: string;
  image: string;
}

export const SAVED_KEY = 'saved-places';
export const NO_SAVED_PLACES: SavedPlace[] = [];
let last: { raw: string | null; list: SavedPlace[] } = { raw: null, list: NO_SAVED_PLACES };
const listeners = new Set<() => void>();

function readRaw(): string | null {
  try {
    return localStorage.getItem(SAVED_KEY);
  } catch {
    return null; // storage switched off: nothing saved
  }
}

/** The saved places now (the same array until they change, as useSyncExternalStore needs). */
export function savedPlaces(): SavedPlace[] {
  const raw = readRaw();
  if (raw === last.raw) return last.list;
  let list: SavedPlace[] = NO_SAVED_PLACES;
  try {
    const parsed = JSON.parse(raw ?? '[]') as unknown;
    if (Array.isArray(parsed)) list = (parsed as SavedPlace[]).filter((p) => typeof p?.id === 'string');
  } catch {
    // unreadable: treated as empty, replaced by the next save
  }
  last = { raw, list };
  return list;
}

/** A saved place's page in `lang`, wherever it was saved (`/de/x` is `/en/x` in English). */
export const inLanguage = (lang: string, url: string) => `/${lang}${url.replace(/^\/[^/]+/, '')}`;

/**
 * Tells the service worker (public/sw.js) which pages and photos to keep offline: the saved places'
 * (kept until unsaved) in every language, as a visitor may read them in any, with the list's cards
 * in each language (the offline page names them with these), and `opened`, addresses it should
 * store once.
 */
export function tellServiceWorker(list: SavedPlace[], opened: string[] = []): void {
  const ids = list.map((p) => p.id);
  const saved = [
    ...list.flatMap((p) => [...LANGUAGE_CODES.map((lang) => inLanguage(lang, p.url)), p.image]),
    ...(ids.length ? LANGUAGE_CODES.map((lang) => savedPlacesAddress(ids, lang)) : []),
  ];
  postToServiceWorker({ saved, opened });
}

/** Asks the service worker to store these addresses once (built files, say: decision 023). */
export const storeOffline = (opened: string[]) => postToServiceWorker({ opened });

const postToServiceWorker = (message: { saved?: string[]; opened: string[] }) =>
  void navigator.serviceWorker?.ready.then((registration) => registration.active?.postMessage(message));

/**
 * The built files and map drawings (decision 048) this page has loaded, from the browser's list of
 * what it fetched: the ones loaded before a service worker controlled the page were not stored.
 */
export const filesLoaded = () =>
  performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((file) => file.includes('/assets/') || file.includes('/api/maps/drawings/'));

function write(list: SavedPlace[]): void {
  try {
    localStorage.setItem(SAVED_KEY, JSON.stringify(list.slice(0, SAVED_PLACES_MAX)));
  } catch {
    return; // storage full or switched off: nothing changes
  }
  for (const listener of listeners) listener();
  tellServiceWorker(savedPlaces());
}

/** Saves a place (first in the list) or removes it. */
export function setSaved(place: SavedPlace, saved: boolean): void {
  const others = savedPlaces().filter((p) => p.id !== place.id);
  write(saved ? [place, ...others] : others);
}

export const saveAll = (places: SavedPlace[]) =>
  write([...places, ...savedPlaces().filter((p) => !places.some((q) => q.id === p.id))]);
export const clearSaved = () => write([]);

/** Calls `listener` whenever the saved places change, here or in another tab. */
export function subscribeSaved(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener); // another tab saved or removed one
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}
