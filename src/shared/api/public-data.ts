import type { LanguageCode } from '../languages';
import type { InfoPage, SiteSettings } from '../site';
import type { Page, PageQuery } from '../paging';
import type {
  CityDto,
  CountryDto,
  GalleryImageDto,
  InfoPageDto,
  LanguageDto,
  PlaceCardDto,
  PlaceDto,
  TranslatedCityDto,
  TranslatedCountryDto,
  TranslatedFactsDto,
  TranslatedHistoryDto,
  UiTextEntryDto,
} from './public';
import type { MapDto, PlacesMapDto } from './maps';
import type { MapView } from '../map-view';
import type { NearbyPlaceDto } from './nearby';
import type { SearchResultDto } from './search';
import type { FeaturedScope, HighlightsDto } from './featured';
import type { VisitDto } from './visit-facts';
import type { AreaThemesDto, ThemeDto, ThemePageDto } from './themes';

/**
 * The public site's reads as typed functions: what each public API route answers, without HTTP.
 * The server renders pages from its services through this (no in-process requests); the browser
 * reads the same data over the API. `null` means "does not exist" (the API's 404).
 */
export interface PublicDataSource {
  languages(): Promise<LanguageDto[]>;
  uiText(lang: LanguageCode): Promise<UiTextEntryDto[]>;
  siteSettings(): Promise<SiteSettings>;
  infoPage(page: InfoPage, lang: LanguageCode): Promise<InfoPageDto | null>;
  places(lang: LanguageCode, page: PageQuery): Promise<Page<PlaceCardDto> | null>;
  countries(lang: LanguageCode, page: PageQuery): Promise<Page<TranslatedCountryDto> | null>;
  countryBySlug(slug: string): Promise<CountryDto | null>;
  translatedCountry(slug: string, lang: LanguageCode): Promise<TranslatedCountryDto | null>;
  citiesOfCountry(slug: string, lang: LanguageCode, page: PageQuery): Promise<Page<TranslatedCityDto> | null>;
  cityBySlug(slug: string): Promise<CityDto | null>;
  translatedCity(slug: string, lang: LanguageCode): Promise<TranslatedCityDto | null>;
  placesOfCity(slug: string, lang: LanguageCode, page: PageQuery): Promise<Page<PlaceCardDto> | null>;
  placeBySlug(slug: string, lang: LanguageCode): Promise<PlaceDto | null>;
  placesByIds(ids: readonly string[], lang: LanguageCode): Promise<PlaceCardDto[] | null>;
  history(placeId: string, lang: LanguageCode): Promise<TranslatedHistoryDto | null>;
  facts(placeId: string, lang: LanguageCode): Promise<TranslatedFactsDto | null>;
  gallery(placeId: string, lang: LanguageCode): Promise<GalleryImageDto[] | null>;
  /** A place's visit facts (decision 043); null: none, or no such place. */
  visit(placeId: string, lang: LanguageCode): Promise<VisitDto | null>;
  related(placeId: string, limit: number, lang: LanguageCode): Promise<PlaceCardDto[] | null>;
  nearby(placeId: string, lang: LanguageCode): Promise<NearbyPlaceDto[] | null>;
  worldMap(lang: LanguageCode): Promise<MapDto | null>;
  countryMap(slug: string, lang: LanguageCode): Promise<MapDto | null>;
  placeMap(placeId: string): Promise<MapDto | null>;
  placesMap(lang: LanguageCode, view: MapView, theme?: string): Promise<PlacesMapDto | null>;
  search(q: string, lang: LanguageCode, page: PageQuery): Promise<Page<SearchResultDto> | null>;
  /** The home page's list of places, without its highlights. */
  latestPlaces(lang: LanguageCode, page: PageQuery): Promise<Page<PlaceCardDto> | null>;
  /** A city's, a country's (`slug`) or the home page's highlights. */
  highlights(scope: FeaturedScope, slug: string | null, lang: LanguageCode): Promise<HighlightsDto | null>;
  // Themes (decision 041); `inSlug`: a city's or country's address (`?in=`).
  themes(lang: LanguageCode): Promise<ThemeDto[] | null>;
  themePage(slug: string, lang: LanguageCode, inSlug?: string): Promise<ThemePageDto | null>;
  themePlaces(
    slug: string,
    lang: LanguageCode,
    inSlug: string | undefined,
    page: PageQuery,
  ): Promise<Page<PlaceCardDto> | null>;
  themeMap(slug: string, lang: LanguageCode, inSlug?: string): Promise<MapDto | null>;
  placeThemes(placeId: string, lang: LanguageCode): Promise<ThemeDto[] | null>;
  areaThemes(slug: string, lang: LanguageCode): Promise<AreaThemesDto | null>;
}
