import { savedPlaces } from '../lib/saved-places';

/*
 * When a public page's islands come to life (docs/decisions/036-islands.md). The page arrives as
 * HTML and loads only this entry (a few KB): React and the islands' code (about 70 KB gzipped) load
 * at the visitor's first sign of using the page (a press, a touch, a key, focus, the wheel, a
 * scroll), and then every island of the page hydrates. Until then the page is its HTML: links and
 * the search form (a GET form) work without script; a click on an island's button is held and
 * given to it once live, and text typed into an island's box is handed to it as typed.
 */

/**
 * What tells that a visitor is using the page; the first of them loads the islands. A scroll is one
 * (the navigation turns opaque past 50 px, which only its island does), including one the browser
 * makes (back to where a visitor was, or to an anchor). Not a pointer moving: browsers send one when
 * the page lays out under a resting mouse.
 */
const INTENT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'] as const;

/** How many places this browser has saved, on the saved page's own list (undefined on a shared `?ids=` list). */
const ownSavedCount = () => (new URLSearchParams(location.search).has('ids') ? undefined : savedPlaces().length);

/**
 * Islands that hydrate as soon as the page has loaded, by name: those whose HTML lacks what only the
 * browser knows (the saved page's own list, from this browser's storage).
 */
const AT_ONCE: Record<string, () => boolean> = {
  saved: () => (ownSavedCount() ?? 0) > 0,
};

const pending = (target: EventTarget | null) =>
  (target as Element | null)?.closest?.('[data-island]:not([data-live])') as HTMLElement | null;

/**
 * The saved page's own list (no `?ids=`) in a browser that has saved nothing: its HTML already says
 * so, shown by a mark on <html> (public.css `saved-pending-empty`), so the visitor sees it at once and
 * the page loads no more script than any other (the island wakes, as elsewhere, when used).
 */
const nothingSaved = (islands: HTMLElement[]) =>
  islands.some((element) => element.dataset.island === 'saved') && ownSavedCount() === 0;

export function wakeIslands(): void {
  const islands = [...document.querySelectorAll<HTMLElement>('[data-island]')];
  if (nothingSaved(islands)) document.documentElement.dataset.nothingSaved = 'true';
  if (!islands.length) return void (document.documentElement.dataset.hydrated = 'true');
  const held: Element[] = [];
  // A click on an island's control before it is live (a link still goes where it points).
  const hold = (event: Event) => {
    const target = event.target as Element;
    if (!pending(target) || target.closest('a[href]')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(target);
  };
  document.addEventListener('click', hold, true);

  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of INTENT_EVENTS) removeEventListener(type, start, true);
    void import('./hydrate').then(({ hydrateIslands }) =>
      hydrateIslands(islands, (island) => {
        handOver(island);
        for (const target of held.filter((element) => island.contains(element))) {
          target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
        }
      }).then(() => {
        document.removeEventListener('click', hold, true);
        document.documentElement.dataset.hydrated = 'true';
      }),
    );
  };
  // already scrolled (the browser restored the place or went to an anchor): in use
  if (scrollY > 0 || islands.some((element) => AT_ONCE[element.dataset.island!]?.())) return start();
  for (const type of INTENT_EVENTS) addEventListener(type, start, { capture: true, passive: true });
}

/**
 * What the visitor did in an island before it was live, which React kept in the page on hydration
 * but has not seen: the focus (given again, so the island sees it arrive: a search box opens its
 * suggestions on focus) and text typed into a box (set back to the server's value through React's
 * own setter, then put in as an input event, which React reads as the visitor's change).
 */
function handOver(island: HTMLElement): void {
  const focused = document.activeElement;
  if (focused instanceof HTMLElement && focused !== island && island.contains(focused)) {
    focused.blur();
    focused.focus();
  }
  const valueProperty = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!;
  for (const box of island.querySelectorAll<HTMLInputElement>('input:not([type=checkbox]):not([type=radio])')) {
    const typed = box.value;
    if (typed === box.defaultValue) continue;
    box.value = box.defaultValue;
    valueProperty.set!.call(box, typed);
    box.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
