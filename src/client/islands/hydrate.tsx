import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { readLanguageCookie } from '../lib/i18n';
import { IslandRoot } from './island';
import { ISLANDS, type IslandName } from './registry';

/**
 * Hydrates each island of the page on its own (docs/decisions/036-islands.md), its code loaded in
 * parallel with the others'. `<html data-hydrated>` is set once every island is live (browser tests
 * wait for it), `data-live` on each island as it becomes live.
 */
export function hydrateIslands(): void {
  const cookieLanguage = readLanguageCookie(document.cookie);
  const islands = [...document.querySelectorAll<HTMLElement>('[data-island]')];
  const hydrate = (element: HTMLElement): Promise<void> => {
    const { island, islandId, props } = element.dataset;
    return ISLANDS[island as IslandName]().then(
      (Component) =>
        new Promise<void>((resolve) => {
          const onCommit = () => {
            element.dataset.live = 'true';
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

  void Promise.all(islands.map(hydrate)).then(() => (document.documentElement.dataset.hydrated = 'true'));
}
