import { absoluteUrl } from '../../shared/media';
import { escapeXml } from '../../shared/xml';
import { SITE } from '../../shared/site';
import type { LanguageCode } from '../../shared/languages';
import type { VisitDto } from '../../shared/api/visit-facts';
import type { UiTextKey } from '../../shared/ui-text';
import { visitLines } from '../../shared/visit-format';

/*
 * The files a traveller takes away (docs/decisions/022-companion-exports.md): GPX 1.1 and KML 2.2
 * for map apps, Atom (RFC 4287) for feed readers. Built as text from the same reads as the pages;
 * every address in them is absolute (PUBLIC_URL).
 */

/** A place as the files show it: its text in the file's language, its position, its dates. */
export interface CompanionPlace {
  id: string;
  slug: string;
  title: string;
  description: string;
  imageUrl: string;
  location: string;
  country: string;
  latitude: number;
  longitude: number;
  /** The language the text is in (the file's, or 'en' where the place has no translation). */
  languageCode: string;
  createdAt: Date;
  updatedAt: Date;
  /** Its visit facts in the file's language (decision 043), when the owner gave any. */
  visit?: VisitDto | null;
  /** Its themes in the file's language (a feed's categories, docs/product.md §22). */
  themes?: ReadonlyArray<{ slug: string; name: string }>;
}

/** A download: what it is of (a country, a city, a place or a list of places) and its places. */
export interface PlaceCollection {
  lang: LanguageCode;
  /** The page's name in `lang` ("Kyoto", "Japan", a place's title); the site's name for a list. */
  name: string;
  /** The page the collection is of (its slug), if any: linked from the file and its name. */
  slug: string | undefined;
  places: CompanionPlace[];
}

/** What a file says about the site: its public address and its name in the file's language. */
export interface CompanionSite {
  publicUrl: string;
  siteName: string;
  /** The interface text of the file's language: the labels of the visit facts ("Opening times: …"). */
  text?: (key: UiTextKey) => string;
}

export const GPX_MEDIA_TYPE = 'application/gpx+xml';
export const KML_MEDIA_TYPE = 'application/vnd.google-earth.kml+xml';
export const ATOM_MEDIA_TYPE = 'application/atom+xml';

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

const base = (site: CompanionSite) => site.publicUrl.replace(/\/+$/, '');
export const pageUrl = (site: CompanionSite, lang: string, slug: string) =>
  `${base(site)}/${lang}/${encodeURIComponent(slug)}`;
const element = (name: string, text: string, indent: string) => `${indent}<${name}>${escapeXml(text)}</${name}>`;

/**
 * A KML description (docs/decisions/029-kml-descriptions.md): Google Earth and Google My Maps read
 * the text of `<description>` as HTML, whether the file wrote it with entity references or in CDATA,
 * so XML escaping alone lets `<img onerror=...>` in a place's text become markup there. The text is
 * escaped for HTML (the same five references XML has) and carried in CDATA unchanged, so a viewer
 * shows exactly the characters written; escaped text holds no `>`, so never `]]>`.
 */
const plainDescription = (text: string, indent: string) =>
  `${indent}<description><![CDATA[${escapeXml(text)}]]></description>`;
/** Degrees with at most 7 decimals (about a centimetre): what GPS gives, without float noise. */
const degrees = (value: number) => String(Math.round(value * 1e7) / 1e7);
/** A place's description with its visit facts after it, one a line (decision 043). */
function describe(place: CompanionPlace, lang: LanguageCode, site: CompanionSite): string {
  const lines = place.visit && site.text ? visitLines(place.visit, lang, site.text) : [];
  return [place.description, ...lines].join('\n');
}
const newestUpdate = (items: readonly CompanionPlace[]) =>
  items.reduce<Date | undefined>((a, b) => (a && a >= b.updatedAt ? a : b.updatedAt), undefined);

/** One waypoint per place: name, description, the place's page; in the order of the XSD's wptType. */
export function gpx(collection: PlaceCollection, site: CompanionSite): string {
  const { lang } = collection;
  const newest = newestUpdate(collection.places);
  const link = collection.slug ? pageUrl(site, lang, collection.slug) : `${base(site)}/${lang}/home`;
  const waypoints = collection.places.map((place) =>
    [
      `  <wpt lat="${degrees(place.latitude)}" lon="${degrees(place.longitude)}">`,
      element('name', place.title, '    '),
      element('desc', describe(place, lang, site), '    '),
      `    <link href="${escapeXml(pageUrl(site, lang, place.slug))}">`,
      element('text', place.title, '      '),
      element('type', 'text/html', '      '),
      '    </link>',
      '  </wpt>',
    ].join('\n'),
  );
  return [
    XML_DECLARATION,
    `<gpx version="1.1" creator="${escapeXml(site.siteName)}" xmlns="http://www.topografix.com/GPX/1/1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">`,
    '  <metadata>',
    element('name', collection.name, '    '),
    `    <link href="${escapeXml(link)}">`,
    element('text', collection.name, '      '),
    '    </link>',
    ...(newest ? [element('time', newest.toISOString(), '    ')] : []),
    '  </metadata>',
    ...waypoints,
    '</gpx>',
    '',
  ].join('\n');
}

/** One Placemark per place (name, description with the page's address, point); Google My Maps and Organic Maps read it. */
export function kml(collection: PlaceCollection, site: CompanionSite): string {
  const { lang } = collection;
  const placemarks = collection.places.map((place) => {
    const url = pageUrl(site, lang, place.slug);
    return [
      '    <Placemark>',
      element('name', place.title, '      '),
      plainDescription(`${describe(place, lang, site)}\n${url}`, '      '),
      `      <atom:link href="${escapeXml(url)}"/>`,
      '      <Point>',
      element('coordinates', `${degrees(place.longitude)},${degrees(place.latitude)}`, '        '),
      '      </Point>',
      '    </Placemark>',
    ].join('\n');
  });
  return [
    XML_DECLARATION,
    '<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <Document>',
    element('name', collection.name, '    '),
    ...(collection.slug ? [`    <atom:link href="${escapeXml(pageUrl(site, lang, collection.slug))}"/>`] : []),
    ...placemarks,
    '  </Document>',
    '</kml>',
    '',
  ].join('\n');
}

/** A feed: the site's (or one country's) newest places in one language. */
export interface PlaceFeed {
  lang: LanguageCode;
  /** The feed's path after the site's address (`/en/feed.xml`), its id and its `self` link. */
  path: string;
  title: string;
  subtitle: string | undefined;
  /** The page the feed follows (home, or the country's page), after the language. */
  pagePath: string;
  places: CompanionPlace[];
}

/**
 * An entry's id: a tag URI (RFC 4151) of the site's host, the day the place was added, its id and
 * the feed's language, so it stays the same when the place's address or text changes.
 */
function entryId(site: CompanionSite, place: CompanionPlace, lang: string): string {
  const host = new URL(base(site)).hostname;
  return `tag:${host},${place.createdAt.toISOString().slice(0, 10)}:place:${place.id}:${lang}`;
}

const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  png: 'image/png',
};

/** Atom 1.0 (RFC 4287): the feed's id, title, updated, author and links; each entry's id, title, updated, summary, page and image. */
export function atom(feed: PlaceFeed, site: CompanionSite): string {
  const { lang } = feed;
  const self = `${base(site)}${feed.path}`;
  // An empty feed still needs a date: the epoch says "nothing yet" and never changes by itself.
  const updated = (newestUpdate(feed.places) ?? new Date(0)).toISOString();
  const entries = feed.places.map((place) => {
    const image = absoluteUrl(place.imageUrl, site.publicUrl, SITE.defaultSocialImage);
    const type = IMAGE_TYPES[/\.([a-z]+)$/i.exec(image)?.[1]?.toLowerCase() ?? ''];
    return [
      '  <entry>',
      element('id', entryId(site, place, lang), '    '),
      `    <title type="text"${place.languageCode === lang ? '' : ` xml:lang="${escapeXml(place.languageCode)}"`}>${escapeXml(place.title)}</title>`,
      element('updated', place.updatedAt.toISOString(), '    '),
      element('published', place.createdAt.toISOString(), '    '),
      `    <summary type="text"${place.languageCode === lang ? '' : ` xml:lang="${escapeXml(place.languageCode)}"`}>${escapeXml(place.description)}</summary>`,
      `    <link rel="alternate" type="text/html" hreflang="${lang}" href="${escapeXml(pageUrl(site, lang, place.slug))}"/>`,
      `    <link rel="enclosure"${type ? ` type="${type}"` : ''} href="${escapeXml(image)}"/>`,
      `    <category term="${escapeXml(place.country)}"/>`,
      ...(place.themes ?? []).map(
        (theme) =>
          `    <category term="${escapeXml(theme.slug)}" scheme="${escapeXml(`${base(site)}/${lang}/themes/`)}" label="${escapeXml(theme.name)}"/>`,
      ),
      '  </entry>',
    ].join('\n');
  });
  return [
    XML_DECLARATION,
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${lang}">`,
    element('id', self, '  '),
    element('title', feed.title, '  '),
    ...(feed.subtitle ? [element('subtitle', feed.subtitle, '  ')] : []),
    element('updated', updated, '  '),
    '  <author>',
    element('name', site.siteName, '    '),
    element('uri', `${base(site)}/`, '    '),
    '  </author>',
    `  <link rel="self" type="${ATOM_MEDIA_TYPE}" href="${escapeXml(self)}"/>`,
    `  <link rel="alternate" type="text/html" hreflang="${lang}" href="${escapeXml(`${base(site)}/${lang}/${feed.pagePath}`)}"/>`,
    element('generator', site.siteName, '  '),
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
