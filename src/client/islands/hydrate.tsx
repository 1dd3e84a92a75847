import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { readLanguageCookie } from '../lib/i18n';
import { IslandRoot } from './island';
import { ISLANDS, type IslandName } from './registry';

/** Events that make an island hydrate at once; clicks and keys before it is live are replayed then. */
const WAKE_EVENTS = ['pointerdown', 'focusin'] as const;
const REPLAYED_EVENTS = ['click', 'keydown'] as const;

/**
 * Hydrates each island of the page on its own (docs/decisions/036-islands.md) when it comes near
 * the screen, or at once when the visitor touches or focuses it; a click or key pressed before its
 * code is there is held and replayed on the live island. `<html data-hydrated>` is set once the
 * islands on the first screen are live, `data-live` on each island as it becomes live.
 */
export function hydrateIslands(): void {
  const cookieLanguage = readLanguageCookie(document.cookie);
  const islands = [...document.querySelectorAll<HTMLElement>('[data-island]')];
  let firstScreen: Promise<unknown>[] | undefined = [];
  const started = new Map<HTMLElement, Promise<void>>();

  const hydrate = (element: HTMLElement): Promise<void> => {
    let live = started.get(element);
    if (live) return live;
    const { island, islandId, props } = element.dataset;
    live = ISLANDS[island as IslandName]().then(
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
    started.set(element, live);
    return live;
  };

  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const element = entry.target.closest<HTMLElement>('[data-island]')!;
        const live = hydrate(element);
        firstScreen?.push(live);
        for (const child of element.children) observer.unobserve(child);
      }
      if (firstScreen) {
        void Promise.all(firstScreen).then(() => (document.documentElement.dataset.hydrated = 'true'));
        firstScreen = undefined;
      }
    },
    { rootMargin: '200px' },
  );

  for (const element of islands) {
    for (const type of WAKE_EVENTS) element.addEventListener(type, () => void hydrate(element), { once: true });
    for (const type of REPLAYED_EVENTS) {
      element.addEventListener(type, (event) => replayWhenLive(event, element, hydrate), true);
    }
    if (element.children.length === 0) void hydrate(element);
    // the wrapper has no box of its own (display: contents): its children come into view
    for (const child of element.children) observer.observe(child);
  }
  if (islands.every((element) => element.children.length === 0)) document.documentElement.dataset.hydrated = 'true';
}

function replayWhenLive(event: Event, element: HTMLElement, hydrate: (element: HTMLElement) => Promise<void>) {
  if (element.dataset.live || !event.isTrusted) return;
  event.preventDefault();
  event.stopPropagation();
  const target = event.target as HTMLElement;
  void hydrate(element).then(() => {
    if (event instanceof KeyboardEvent) {
      target.dispatchEvent(new KeyboardEvent(event.type, event));
    } else target.click();
  });
}
