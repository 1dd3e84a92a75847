import { GalleryCarousel } from '../components/public/gallery-carousel';
import { NavBar } from '../components/public/nav-bar';
import { NearMe } from '../components/public/near-me';
import { PlaceMap } from '../components/public/place-map';
import { PlacesInteractiveMap } from '../components/public/places-interactive-map';
import { SearchForm } from '../components/public/search-form';
import { TriviaList } from '../components/public/trivia-list';
import { island } from './island';

/*
 * The interactive parts of public pages, as the pages render them (see island() and registry.ts); the
 * save toggle, which cards show too, is in save-toggle-island.ts (cards are in the saved page's code).
 */

/** The navigation: menu, search box with its suggestions, language picker. */
export const NavBarIsland = island('nav', NavBar);
export const GalleryIsland = island('gallery', GalleryCarousel);
export const TriviaIsland = island('trivia', TriviaList);
/** The locator map and the button that loads the interactive one. */
export const PlaceMapIsland = island('placeMap', PlaceMap);
/** The map of every place on the operator's tiles (MAP_STYLE_URL), opened with a button. */
export const PlacesMapIsland = island('placesMap', PlacesInteractiveMap);
export const NearMeIsland = island('nearMe', NearMe);
/** The search page's own form, a combobox with suggestions like the navigation's box. */
export const SearchFormIsland = island('searchForm', SearchForm);
