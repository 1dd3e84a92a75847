import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { readLanguageCookie } from '../lib/language-cookie';
import { seedPublicQuery } from '../lib/public-queries';
import type { PageState } from '../ssr/page-state';
import { IslandRoot } from './island';
import { ISLANDS, type IslandName } from './registry';

/**
 * Hydrates each island of the page on its own (docs/decisions/036-islands.md), its code loaded in
 * parallel with the others', from the page's state (what the islands read starts where the server's
 * render ended) and the props beside it. `onLive` is told of each island as it commits (`data-live`
 * set on it); the promise settles when all are live.
 */
export function hydrateIslands(islands: HTMLElement[], onLive: (island: HTMLElement) => void): Promise<void> {
  const stateElement = document.getElementById('__QUERY_STATE__');
  // Each entry is a key and its data (see PageState).
  const state = JSON.parse(stateElement?.textContent || '[]') as PageState;
  for (const [queryKey, data] of state) seedPublicQuery(queryKey, data);
  const cookieLanguage = readLanguageCookie(document.cookie);

  const hydrate = (element: HTMLElement): Promise<void> => {
    const { island, islandId, props } = element.dataset;
    return ISLANDS[island as IslandName]().then(
      (Component) =>
        new Promise<void>((resolve) => {
          const onCommit = () => {
            element.dataset.live = 'true';
            onLive(element);
            resolve();
          };
          hydrateRoot(
            element,
            <StrictMode>
              <IslandRoot cookieLanguage={cookieLanguage} onCommit={onCommit}>
                <Component {...(JSON.parse(props || '{}') as object)} />
              </IslandRoot>
            </StrictMode>,
            { identifierPrefix: islandId },
          );
        }),
    );
  };
  return Promise.all(islands.map(hydrate)).then(() => undefined);
}
