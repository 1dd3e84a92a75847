import { useSyncExternalStore } from 'react';
import { NO_SAVED_PLACES, savedPlaces, subscribeSaved, type SavedPlace } from './saved-places';

/**
 * The saved places in a component. The server and the hydrating render see none (the server cannot
 * know them), so the HTML matches; the browser's own list follows right after hydration.
 */
export const useSavedPlaces = (): SavedPlace[] =>
  useSyncExternalStore(subscribeSaved, savedPlaces, () => NO_SAVED_PLACES);
