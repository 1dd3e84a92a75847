import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companionSlugParams, exportIdsQuery, nearMeBody } from '@/shared/api/companion';
import { langParams } from '@/shared/api/public';
import { nearbyPlaceDto } from '@/shared/api/nearby';
import { isLanguageCode, type LanguageCode } from '@/shared/languages';
import { ENGLISH_TEXT } from '@/shared/ui-text';
import { readsOf } from '../../cache/public-reads';
import { cachePublicRoutes } from '../../cache/response-cache';
import { NotFoundError } from '../../errors';
import {
  atom,
  ATOM_MEDIA_TYPE,
  gpx,
  GPX_MEDIA_TYPE,
  kml,
  KML_MEDIA_TYPE,
  type CompanionSite,
  type PlaceCollection,
} from '../../services/companion-formats';
import { perMinute } from '../rate-limit';

const FORMATS = {
  gpx: { mediaType: GPX_MEDIA_TYPE, write: gpx },
  kml: { mediaType: KML_MEDIA_TYPE, write: kml },
} as const;
type Format = keyof typeof FORMATS;

/** A language the site serves; any other answers 404 (these files have no English stand-in). */
function servedLanguage(lang: string): LanguageCode {
  if (!isLanguageCode(lang)) throw new NotFoundError(`This site has no language "${lang.slice(0, 20)}".`);
  return lang;
}

/**
 * The traveller's companion (docs/decisions/022-companion-exports.md): GPX and KML downloads of a
 * page's places and of a visitor's list, the Atom feeds of new places, and "Near me". Downloads
 * and feeds are public answers kept in the response cache with their dependency tags, like pages;
 * "Near me" is a POST, so the visitor's position is in no address, log line or cache.
 */
export const companionRoutes: FastifyPluginAsyncZod = async (app) => {
  cachePublicRoutes(app);

  /** The site's name and the interface text of `lang` (one remembered read per language). */
  const siteOf = async (req: FastifyRequest, lang: LanguageCode) => {
    const entries = await readsOf(app, req).catalog.uiText(lang);
    const text = (key: keyof typeof ENGLISH_TEXT) => entries.find((e) => e.key === key)?.value ?? ENGLISH_TEXT[key];
    const site: CompanionSite = { publicUrl: app.config.publicUrl, siteName: text('meta.title.suffix'), text };
    return { site, text };
  };

  const download = (reply: FastifyReply, format: Format, collection: PlaceCollection, site: CompanionSite) => {
    const fileName = `${collection.slug ?? 'places'}-${collection.lang}.${format}`;
    return reply
      .header('Content-Type', `${FORMATS[format].mediaType}; charset=utf-8`)
      .header('Content-Disposition', `attachment; filename="${fileName}"`)
      .send(FORMATS[format].write(collection, site));
  };

  for (const format of Object.keys(FORMATS) as Format[]) {
    // The places of a country, a city or one place: the page at /{lang}/{slug}.
    app.get(`/:lang/:slug/places.${format}`, { schema: { params: companionSlugParams } }, async (req, reply) => {
      const lang = servedLanguage(req.params.lang);
      const [collection, { site }] = await Promise.all([
        readsOf(app, req).companion.placesAt(req.params.slug, lang),
        siteOf(req, lang),
      ]);
      return download(reply, format, collection, site);
    });

    // A visitor's own list (the Saved page): ?ids=a,b,c, at most EXPORT_MAX_IDS.
    app.get(
      `/:lang/places.${format}`,
      { schema: { params: langParams, querystring: exportIdsQuery } },
      async (req, reply) => {
        const lang = servedLanguage(req.params.lang);
        const ids = req.query.ids.split(',').filter(Boolean);
        const { site } = await siteOf(req, lang);
        const collection = await readsOf(app, req).companion.placesById(ids, lang, site.siteName);
        return download(reply, format, collection, site);
      },
    );
  }

  const sendFeed = (reply: FastifyReply, xml: string) =>
    reply.header('Content-Type', `${ATOM_MEDIA_TYPE}; charset=utf-8`).send(xml);

  // The newest places of the site in one language.
  app.get('/:lang/feed.xml', { schema: { params: langParams } }, async (req, reply) => {
    const lang = servedLanguage(req.params.lang);
    const [feed, { site, text }] = await Promise.all([readsOf(app, req).companion.feed(lang), siteOf(req, lang)]);
    const xml = atom(
      {
        lang,
        path: `/${lang}/feed.xml`,
        title: site.siteName,
        subtitle: text('hero.subtitle'),
        pagePath: 'home',
        places: feed.places,
      },
      site,
    );
    return sendFeed(reply, xml);
  });

  // The newest places of one country.
  app.get('/:lang/:slug/feed.xml', { schema: { params: companionSlugParams } }, async (req, reply) => {
    const lang = servedLanguage(req.params.lang);
    const [feed, { site }] = await Promise.all([
      readsOf(app, req).companion.feed(lang, req.params.slug),
      siteOf(req, lang),
    ]);
    const country = feed.country!;
    const xml = atom(
      {
        lang,
        path: `/${lang}/${country.slug}/feed.xml`,
        title: `${country.name} | ${site.siteName}`,
        subtitle: undefined,
        pagePath: country.slug,
        places: feed.places,
      },
      site,
    );
    return sendFeed(reply, xml);
  });

  // The position is in the body: never in an address, so never in a log line or a cache key.
  app.post(
    '/api/near-me',
    {
      config: { publicCache: undefined, ...perMinute(60) },
      schema: { body: nearMeBody, response: { 200: z.array(nearbyPlaceDto) } },
    },
    async (req, reply) => {
      const { latitude, longitude, lang } = req.body;
      const places = await readsOf(app, req).companion.nearMe(latitude, longitude, lang ?? 'en');
      return reply.header('Cache-Control', 'no-store').send(places);
    },
  );
};
