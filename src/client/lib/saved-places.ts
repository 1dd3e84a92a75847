import { useSyncExternalStore } from 'react';
import { SAVED_PLACES_MAX } from '../../shared/saved-places';

/**
 * The visitor's saved places, kept in this browser's localStorage only: no account, no cookie, no
 * server state (docs/decisions/023-saved-and-offline.md). Each entry holds what the offline page
 * (public/offline.js) needs to list and link it without the network; newest first.
 */
export interface SavedPlace {
  id: string;
  /** The place page where it was saved (`/{lang}/{slug}`), stored offline by the service worker. */
  url: string;
  title: string;
  image: string;
}

export const SAVED_KEY = 'saved-places';
const NONE: SavedPlace[] = [];
let last: { raw: string | null; list: SavedPlace[] } = { raw: null, list: NONE };
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
  let list: SavedPlace[] = NONE;
  try {
    const parsed = JSON.parse(raw ?? '[]') as unknown;
    if (Array.isArray(parsed)) list = (parsed as SavedPlace[]).filter((p) => typeof p?.id === 'string');
  } catch {
    // unreadable: treated as empty, replaced by the next save
  }
  last = { raw, list };
  return list;
}

/**
 * Tells the service worker (public/sw.js) which pages and photos to keep offline: the saved places'
 * (kept until unsaved), and `opened`, addresses it should store once.
 */
export function tellServiceWorker(list: SavedPlace[], opened: string[] = []): void {
  void navigator.serviceWorker?.ready.then((registration) =>
    registration.active?.postMessage({ saved: list.flatMap((p) => [p.url, p.image]), opened }),
  );
}

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

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener); // another tab saved or removed one
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/**
 * The saved places in a component. The server and the hydrating render see none (the server cannot
 * know them), so the HTML matches; the browser's own list follows right after hydration.
 */
export const useSavedPlaces = (): SavedPlace[] => useSyncExternalStore(subscribe, savedPlaces, () => NONE);
