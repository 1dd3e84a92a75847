import type { ComponentType } from 'react';

/**
 * The parts of public pages that run in the browser (docs/decisions/036-islands.md), by name: the
 * browser loads an island's code only on a page that shows it. Each name's component is the one
 * `island()` wraps under that name (public-islands.ts; islands.test.tsx checks they agree).
 */
export const ISLANDS = {
  nav: () => import('../components/public/nav-bar').then((m) => m.NavBar),
  save: () => import('../components/public/save-toggle').then((m) => m.SaveToggle),
  gallery: () => import('../components/public/gallery-carousel').then((m) => m.GalleryCarousel),
  trivia: () => import('../components/public/trivia-list').then((m) => m.TriviaList),
  placeMap: () => import('../components/public/place-map').then((m) => m.PlaceMap),
  placesMap: () => import('../components/public/places-interactive-map').then((m) => m.PlacesInteractiveMap),
  nearMe: () => import('../components/public/near-me').then((m) => m.NearMe),
  searchForm: () => import('../components/public/search-form').then((m) => m.SearchForm),
  saved: () => import('../pages/public/saved-page').then((m) => m.default),
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island takes its own props
} satisfies Record<string, () => Promise<ComponentType<any>>>;

export type IslandName = keyof typeof ISLANDS;

/**
 * Every island's code, loaded and not rendered: once a visitor saves a place, so that the service
 * worker has stored what any saved page needs to come to life offline (a place saved from a list
 * has a gallery, a map, a trivia list its page was never opened to load; decision 023).
 */
export function loadEveryIsland(): Promise<unknown> {
  return Promise.allSettled(Object.values(ISLANDS).map((load) => load()));
}
