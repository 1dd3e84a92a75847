import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toLanguageCode } from '../../shared/languages';
import type { ChangeFeed } from './change-feed';
import { createTagMemo } from './tag-memo';
import { taggedReads, type PublicServices, type TagSink } from './tags';

/** The public reads of one answer, recording its dependency tags into the answer's sink. */
export type PublicReads = (sink: TagSink) => PublicServices;

/**
 * Every public page and API answer reads through this: the services' reads with their tags
 * (cache/tags.ts), and the reads every page repeats (languages, interface text) or that cost tens
 * of milliseconds (maps) remembered until a change touches them.
 */
export function createPublicReads(services: PublicServices, feed: ChangeFeed): PublicReads {
  const remember = createTagMemo(feed);
  return (sink) => {
    const reads = taggedReads(services, sink);
    const shared = <T>(key: string, read: (own: PublicServices) => Promise<T>) =>
      remember(key, sink, (own) => read(taggedReads(services, own)));
    return {
      ...reads,
      catalog: {
        ...reads.catalog,
        languages: () => shared('languages', (own) => own.catalog.languages()),
        uiText: (lang) => shared(`ui ${toLanguageCode(lang)}`, (own) => own.catalog.uiText(lang)),
      },
      maps: {
        ...reads.maps,
        worldMap: (lang) => shared(`world ${toLanguageCode(lang)}`, (own) => own.maps.worldMap(lang)),
        countryMap: (slug, lang) =>
          shared(`country ${toLanguageCode(lang)} ${slug}`, (own) => own.maps.countryMap(slug, lang)),
      },
    };
  };
}

/** The reads of a public API route: its answer's tags go where the response cache keeps them. */
export function readsOf(app: FastifyInstance, request: FastifyRequest): PublicServices {
  return app.publicReads(request.publicCache?.tags ?? new Set());
}
