import type { PlaceCardDto } from '../../shared/api/public';
import type { MapDto } from '../../shared/api/maps';
import type { AdminPlaceThemesDto, AreaThemesDto, ThemeDto, ThemePageDto } from '../../shared/api/themes';
import { toLanguageCode, type LanguageCode } from '../../shared/languages';
import { SLUG_MAX_LENGTH } from '../../shared/limits';
import type { Page, PageQuery } from '../../shared/paging';
import { themeById, themeBySlug, THEMES, THEMES_PER_PLACE_MAX, type Theme } from '../../shared/themes';
import type { Database, DbOrTx } from '../db/client';
import { isUuid } from '../db/ids';
import { cityPage, countryPage } from '../db/repos/areas-repo';
import { findPlaceById, placesKeyset, type PlaceFilter } from '../db/repos/places-repo';
import * as repo from '../db/repos/themes-repo';
import { BadRequestError, NotFoundError } from '../errors';
import { PERSON, withRevision } from '../revisions/record';
import { localizePlaceCard } from './localize';
import { readPage } from './paging';
import { svgFile } from './map-svg';
import { THEME_WORLD_KEY, themeMapOf, themeWorldDrawing } from './theme-map';

/**
 * The name of a theme map's drawing (map-svg.ts, kind `theme`): the theme's slug, and the city or
 * country its map is narrowed to after a `~` (slugs never hold one).
 */
const drawingKey = (slug: string, inSlug: string | undefined) => (inSlug === undefined ? slug : `${slug}~${inSlug}`);

/*
 * Themes (docs/product.md §22, docs/decisions/041-themes.md): the taxonomy in a language with its
 * counts, a theme's places and map (of one city or country with `?in=`), a place's themes, the
 * themes of a city's or country's places; and the owner's choice of a place's themes, which no
 * machine replaces (a model's or the offline writer's suggestion waits, marked, until confirmed).
 */

const PLACE_NOT_FOUND = 'Place not found. It may have been deleted.';

interface Area {
  kind: 'city' | 'country';
  id: string;
  slug: string;
  name: string;
  filter: PlaceFilter;
}

/** The city or country a list is narrowed to, for its cache tags (cache/tags.ts); not sent. */
interface Narrowed {
  of: { kind: Area['kind']; id: string } | null;
}
const narrowed = (area: Area | null): Narrowed['of'] => area && { kind: area.kind, id: area.id };

const named = (theme: Theme, lang: LanguageCode, count = 0): ThemeDto => ({
  id: theme.id,
  slug: theme.slug,
  name: theme.name[lang],
  count,
});

/** Themes by id in `lang`, in the order given (ids no longer in the taxonomy left out). */
export const namedThemes = (ids: readonly string[], lang: LanguageCode): ThemeDto[] =>
  ids.flatMap((id) => {
    const theme = themeById(id);
    return theme ? [named(theme, lang, 1)] : [];
  });

function themeAt(slug: string): Theme {
  const theme = themeBySlug(slug);
  if (!theme) throw new NotFoundError('Theme not found');
  return theme;
}

/** Which themes a person asked for: ids of the taxonomy, each once, at most three; else a 400 naming why. */
export function checkedThemes(themes: readonly string[]): string[] {
  const unknown = themes.find((id) => !themeById(id));
  if (unknown !== undefined) throw new BadRequestError(`There is no theme "${unknown.slice(0, 60)}".`, 'theme_unknown');
  if (new Set(themes).size !== themes.length) throw new BadRequestError('A theme is named twice.', 'themes_repeated');
  if (themes.length > THEMES_PER_PLACE_MAX)
    throw new BadRequestError(`A place has at most ${THEMES_PER_PLACE_MAX} themes.`, 'themes_too_many');
  return [...themes];
}

/** A machine's themes kept: those of the taxonomy, each once, at most three (anything else is dropped). */
export const usableThemes = (themes: readonly string[] | undefined): string[] =>
  [...new Set((themes ?? []).filter((id) => themeById(id)))].slice(0, THEMES_PER_PLACE_MAX);

/** A machine's suggestion for a place (`by`: the model's name or `offline`), unless a person chose already. */
export function suggestThemes(tx: DbOrTx, placeId: string, themes: readonly string[] | undefined, by: string) {
  return repo.suggestPlaceThemes(tx, placeId, usableThemes(themes), by);
}

export function createThemeService({ db }: { db: Database }) {
  /** The city or country of `?in=` (a country's address first, as the site's addresses are read). */
  async function areaAt(slug: string | undefined, lang: LanguageCode): Promise<Area | null> {
    if (slug === undefined) return null;
    if (slug.length > SLUG_MAX_LENGTH) throw new NotFoundError('City or country not found');
    const country = await countryPage.translatedBySlug(db, slug, lang);
    if (country)
      return {
        kind: 'country',
        id: country.id,
        slug,
        name: country.name,
        filter: { country: (await countryPage.bySlug(db, slug))!.name },
      };
    const city = await cityPage.translatedBySlug(db, slug, lang);
    const stored = city && (await cityPage.bySlug(db, slug));
    if (!city || !stored) throw new NotFoundError('City or country not found');
    return {
      kind: 'city',
      id: city.id,
      slug,
      name: city.name,
      filter: { location: stored.name, country: stored.country },
    };
  }
  /** A theme's map in `lang` (narrowed to the city or country `inSlug`), with its drawing. */
  async function mapOf(slug: string, lang: LanguageCode, inSlug: string | undefined) {
    const theme = themeAt(slug);
    const area = await areaAt(inSlug, lang);
    const rows = await repo.listThemeMapPlaces(db, lang, theme.id, area?.filter ?? {});
    const { svg, drawing } = themeMapOf(
      rows.flatMap((row) =>
        row.slug ? [{ href: `/${lang}/${encodeURIComponent(row.slug)}`, name: row.title, ...row }] : [],
      ),
      drawingKey(slug, inSlug),
    );
    return { svg, drawing, area };
  }

  async function counted(lang: LanguageCode, filter: PlaceFilter = {}): Promise<ThemeDto[]> {
    const counts = new Map((await repo.countPublishedByTheme(db, filter)).map((row) => [row.theme, row.count]));
    return THEMES.map((theme) => named(theme, lang, counts.get(theme.id) ?? 0));
  }

  return {
    /** Every theme in `lang`, in the taxonomy's order, with its published places' count. */
    themes: (requestedLang: string): Promise<ThemeDto[]> => counted(toLanguageCode(requestedLang)),

    /** A theme's page heading: the theme in `lang`, narrowed to the city or country of `inSlug`. */
    async themePage(slug: string, requestedLang: string, inSlug?: string): Promise<ThemePageDto> {
      const lang = toLanguageCode(requestedLang);
      const theme = themeAt(slug);
      const area = await areaAt(inSlug, lang);
      const { count: _count, ...shown } = named(theme, lang);
      return { ...shown, area: area && { kind: area.kind, id: area.id, slug: area.slug, name: area.name } };
    },

    /** A theme's published places, newest first, a page at a time (of one city or country with `inSlug`). */
    async themePlaces(
      slug: string,
      requestedLang: string,
      inSlug: string | undefined,
      page: PageQuery,
    ): Promise<Page<PlaceCardDto> & Narrowed> {
      const lang = toLanguageCode(requestedLang);
      const theme = themeAt(slug);
      const area = await areaAt(inSlug, lang);
      const rows = await readPage(placesKeyset, page, (seek, limit) =>
        repo.listThemePlacesPage(db, lang, theme.id, area?.filter ?? {}, seek, limit),
      );
      return { ...rows, items: rows.items.map((row) => localizePlaceCard(row, lang)), of: narrowed(area) };
    },

    /** A theme's map: a marker per place with a position (its newest THEME_MAP_PLACES_MAX). */
    async themeMap(slug: string, requestedLang: string, inSlug?: string): Promise<MapDto & Narrowed> {
      const { svg, area } = await mapOf(slug, toLanguageCode(requestedLang), inSlug);
      return { svg, of: narrowed(area) };
    },

    /**
     * The drawing under a theme's map, named `key` (drawingKey), as a file for its own address
     * (decision 048): the theme's places as they are now, so an older address is sent on to this
     * one. Undefined for no such theme or a theme without a place on the map.
     */
    async drawingFile(key: string): Promise<{ file: string; hash: string; address: string } | undefined> {
      const [slug = '', inSlug, extra] = key.split('~');
      const drawing =
        key === THEME_WORLD_KEY
          ? themeWorldDrawing()
          : themeBySlug(slug) && extra === undefined
            ? (await mapOf(slug, 'en', inSlug)).drawing
            : undefined;
      return drawing && { file: svgFile(drawing), hash: drawing.hash, address: drawing.address };
    },

    /** A published place's themes in `lang` (chosen or suggested; a draft's: not found). */
    async placeThemes(id: string, requestedLang: string | undefined): Promise<ThemeDto[]> {
      const lang = toLanguageCode(requestedLang);
      const ids = isUuid(id) ? await repo.listPublishedPlaceThemes(db, id) : undefined;
      if (!ids) throw new NotFoundError('Place not found');
      return namedThemes(ids, lang);
    },

    /** The themes of a city's or country's published places, with their counts there (none: empty). */
    async areaThemes(slug: string, requestedLang: string): Promise<AreaThemesDto> {
      const lang = toLanguageCode(requestedLang);
      const area = (await areaAt(slug, lang))!;
      const themes = (await counted(lang, area.filter)).filter((theme) => theme.count > 0);
      return { kind: area.kind, id: area.id, themes };
    },
  };
}

export type ThemeService = ReturnType<typeof createThemeService>;

/** The owner's side: a place's themes as chosen or suggested, and choosing them. */
export function createAdminThemeService({ db }: { db: Database }) {
  async function themesOf(tx: DbOrTx, id: string): Promise<AdminPlaceThemesDto> {
    const rows = await repo.listPlaceThemes(tx, id);
    return { themes: rows.map((row) => ({ id: row.theme, origin: row.origin, suggestedBy: row.suggestedBy })) };
  }
  return {
    async placeThemes(id: string): Promise<AdminPlaceThemesDto> {
      if (!isUuid(id) || !(await findPlaceById(db, id))) throw new NotFoundError(PLACE_NOT_FOUND);
      return themesOf(db, id);
    },

    /** The owner's themes for a place (0-3, in order): suggestions named among them are confirmed, the others go. */
    async setPlaceThemes(id: string, themes: readonly string[]): Promise<AdminPlaceThemesDto> {
      const chosen = checkedThemes(themes);
      if (!isUuid(id)) throw new NotFoundError(PLACE_NOT_FOUND);
      return db.transaction((tx) =>
        withRevision(tx, { type: 'place', id }, { author: PERSON }, async () => {
          if (!(await findPlaceById(tx, id))) throw new NotFoundError(PLACE_NOT_FOUND);
          const current = await repo.listPlaceThemes(tx, id);
          const unchanged =
            current.length === chosen.length &&
            current.every((row, index) => row.origin === 'person' && row.theme === chosen[index]);
          // the same choice again changes nothing (no revision, no page drops)
          if (!unchanged) await repo.replacePlaceThemes(tx, id, chosen);
          return themesOf(tx, id);
        }),
      );
    },
  };
}

export type AdminThemeService = ReturnType<typeof createAdminThemeService>;
