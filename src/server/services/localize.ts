import type { PlaceCardDto, PlaceDto, TranslatedCityDto, TranslatedCountryDto } from '../../shared/api/public';
import type { LanguageCode } from '../../shared/languages';
import type { TranslatedCityRow, TranslatedCountryRow } from '../db/repos/areas-repo';
import type { AddressPage, AddressPageRow, PlacePage, PlacePageRow } from '../db/repos/place-page-repo';
import type { NearbyRow } from '../db/repos/nearby-repo';
import type { NearbyPlaceDto } from '../../shared/api/nearby';
import type { TranslatedCardRow, TranslatedPlaceRow } from '../db/repos/places-repo';
import { localCountryName } from '../geo/country-names';
import { titleIn, titleReadsInLanguage } from './place-titles';
import { localizeVisit } from './visit-facts';

/*
 * The last step of every translated public answer, shared by the API and server rendering so both
 * say the same: a country without a stored translation is named in the page's language from CLDR
 * (Intl.DisplayNames, offline), a day in an English title is written as the page's language writes
 * it (place-titles.ts), and the text fields still in English are listed in `englishFields` so the
 * page can mark them lang="en" (such a title, the town's name and the day, is no longer English).
 */

type PlaceTextField = PlaceDto['englishFields'][number];
type CardTextField = PlaceCardDto['englishFields'][number];

// One frozen list per case, shared by every row: nothing is allocated per place.
const list = <T extends string>(...fields: T[]): T[] => Object.freeze(fields) as T[];
const NONE = list<PlaceTextField>();
const UNTRANSLATED = list<PlaceTextField>('title', 'description', 'fullDescription');
const UNTRANSLATED_SHORT = list<CardTextField>('title', 'description');
// An untranslated place whose title is its town and the day in the page's language (place-titles.ts).
const UNTRANSLATED_TEXT = list<PlaceTextField>('description', 'fullDescription');
const UNTRANSLATED_SUMMARY = list<CardTextField>('description');
const CARD_NONE = list<CardTextField>();
const FULL_DESCRIPTION = list<PlaceTextField>('fullDescription');
const AREA_NONE = list<'description'>();
const AREA_DESCRIPTION = list<'description'>('description');

function placeEnglishFields(row: TranslatedPlaceRow, lang: LanguageCode): PlaceTextField[] {
  if (lang === 'en') return NONE;
  const hasFull = Boolean(row.fullDescription?.trim());
  if (row.languageCode === 'en' && titleReadsInLanguage(row.title, row.location, lang)) {
    return hasFull ? UNTRANSLATED_TEXT : UNTRANSLATED_SUMMARY;
  }
  if (row.languageCode === 'en') return hasFull ? UNTRANSLATED : UNTRANSLATED_SHORT;
  return hasFull && !row.fullDescriptionTranslated ? FULL_DESCRIPTION : NONE;
}

/** A translation stores its own country name; without one the stored name is English. */
const placeCountry = (row: TranslatedCardRow, lang: LanguageCode) =>
  row.languageCode === 'en' ? localCountryName(row.country, lang) : row.country;

export function localizePlace(row: TranslatedPlaceRow, lang: LanguageCode): PlaceDto {
  const { fullDescriptionTranslated: _translated, ...place } = row;
  return {
    ...place,
    title: titleIn(row, lang),
    country: placeCountry(row, lang),
    englishFields: placeEnglishFields(row, lang),
  };
}

/** A card has no article: only its title and summary can still be English. */
export function localizePlaceCard(row: TranslatedCardRow, lang: LanguageCode): PlaceCardDto {
  const englishFields =
    lang === 'en' || row.languageCode !== 'en'
      ? CARD_NONE
      : titleReadsInLanguage(row.title, row.location, lang)
        ? UNTRANSLATED_SUMMARY
        : UNTRANSLATED_SHORT;
  return { ...row, title: titleIn(row, lang), country: placeCountry(row, lang), englishFields };
}

/** A country named by a stored translation keeps that name; otherwise CLDR names it in `lang`. */
export const countryNameIn = (name: string, translated: boolean, lang: LanguageCode) =>
  translated ? name : localCountryName(name, lang);

/**
 * What a country and a city share as the page reads them: the read's flag dropped, and the
 * description named as English when it has no translation (or kept the original); empty text is nothing.
 */
function localizeArea<Row extends { description: string; descriptionTranslated: boolean }>(
  row: Row,
  lang: LanguageCode,
) {
  const { descriptionTranslated, ...area } = row;
  const english = lang !== 'en' && !descriptionTranslated && Boolean(row.description);
  return { ...area, englishFields: english ? AREA_DESCRIPTION : AREA_NONE };
}

export function localizeCountry(row: TranslatedCountryRow, lang: LanguageCode): TranslatedCountryDto {
  const { nameTranslated, ...country } = row;
  return { ...localizeArea(country, lang), name: countryNameIn(row.name, nameTranslated, lang) };
}

export function localizeCity(row: TranslatedCityRow, lang: LanguageCode): TranslatedCityDto {
  const { countryTranslated, ...city } = row;
  return { ...localizeArea(city, lang), country: countryNameIn(row.country, countryTranslated, lang) };
}

export function localizePlacePage(page: PlacePageRow, lang: LanguageCode): PlacePage {
  return {
    ...page,
    place: localizePlace(page.place, lang),
    related: page.related.map((row) => localizePlaceCard(row, lang)),
    visit: localizeVisit(page.visit, lang),
  };
}

/** A place page read with its address, its nearby places as GET /api/places/:id/nearby answers them. */
export function localizeAddressPage(page: AddressPageRow, lang: LanguageCode): AddressPage {
  return { ...localizePlacePage(page, lang), nearby: page.nearby.map((row) => localizeNearby(row, lang)) };
}

/** A nearby place in `lang`: a translation stores its own country name; without one the stored name is English. */
export function localizeNearby(row: NearbyRow, lang: LanguageCode): NearbyPlaceDto {
  return {
    ...row,
    country: row.languageCode === 'en' ? localCountryName(row.country, lang) : row.country,
    distanceMeters: Math.round(row.distanceMeters),
  };
}
