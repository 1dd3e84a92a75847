import { useEffect, useState, type RefObject } from 'react';
import type { SearchResultDto } from '@/shared/api/search';
import type { LanguageCode } from '@/shared/languages';
import { SEARCH_SUGGESTIONS, searchProblem, searchText } from '@/shared/search';
import { useUiText } from '../../lib/i18n';
import { useSiteNavigate } from '../../lib/navigation';
import { Highlighted } from './search-highlight';

/** Wait this long after the last keystroke before asking. */
const DEBOUNCE_MS = 180;
const optionId = (id: string, index: number) => `${id}-option-${index}`;

interface View {
  query: string;
  items: SearchResultDto[];
  /** The chosen suggestion, -1 for none (the box itself). */
  active: number;
  open: boolean;
}
const CLOSED: View = { query: '', items: [], active: -1, open: false };

/**
 * The type-ahead of a search box (the navigation's, the search page's; WAI-ARIA combobox with a
 * listbox popup `{id}-list`, `id` being the input's): a few results from /api/search as the visitor
 * types; arrow keys choose one, Enter or a click opens it, Escape closes the list. Enter without a
 * chosen suggestion submits the form to the search page. `className` places the list.
 */
export default function SearchSuggestions({
  input,
  lang,
  id,
  className,
}: {
  input: RefObject<HTMLInputElement | null>;
  lang: LanguageCode;
  id: string;
  className: string;
}) {
  const t = useUiText();
  const listId = `${id}-list`;
  const navigate = useSiteNavigate();
  const [view, setView] = useState<View>(CLOSED);
  const expanded = view.open && view.items.length > 0;

  useEffect(() => {
    const box = input.current;
    if (!box) return;
    // what the listeners see: the same as the rendered view, without waiting for a render
    let shown = CLOSED;
    const show = (next: View) => {
      shown = next;
      setView(next);
    };
    const close = () => show({ ...shown, active: -1, open: false });
    const open = (item: SearchResultDto | undefined) => {
      if (!item) return;
      close();
      box.value = '';
      void navigate(`/${lang}/${item.slug}`);
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    let request: AbortController | undefined;
    const ask = () => {
      const text = searchText(box.value);
      request?.abort();
      if (searchProblem(text) || [...text].length < 2) {
        close();
        return;
      }
      const controller = new AbortController();
      request = controller;
      const params = new URLSearchParams({ q: text, lang, limit: String(SEARCH_SUGGESTIONS) });
      fetch(`/api/search?${params.toString()}`, { signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<SearchResultDto[]>) : []))
        .then((items) => {
          // A visitor who has already arrowed to a suggestion keeps it when the list is refreshed
          // under it (the answer for the last letters typed can come after the arrow key).
          const chosen = shown.open ? shown.items[shown.active] : undefined;
          const active = chosen ? items.findIndex((item) => item.kind === chosen.kind && item.id === chosen.id) : -1;
          show({ query: text, items, active, open: true });
        })
        .catch(() => undefined);
    };
    const onInput = () => {
      clearTimeout(timer);
      timer = setTimeout(ask, DEBOUNCE_MS);
    };
    const onKey = (event: KeyboardEvent) => {
      const count = shown.items.length;
      if (event.key === 'Escape' && shown.open) {
        event.preventDefault();
        close();
      } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && count > 0) {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        // -1 (the box itself), then each suggestion, round and round
        const active = shown.open
          ? ((shown.active + 1 + step + count + 1) % (count + 1)) - 1
          : step > 0
            ? 0
            : count - 1;
        show({ ...shown, active, open: true });
      } else if (event.key === 'Enter' && shown.open && shown.active >= 0) {
        event.preventDefault();
        open(shown.items[shown.active]);
      }
    };
    const onClick = (event: Event) => {
      const option = (event.target as Element).closest(`#${listId} [data-index]`);
      if (option) open(shown.items[Number(option.getAttribute('data-index'))]);
    };
    const form = box.form;
    box.addEventListener('input', onInput);
    box.addEventListener('keydown', onKey);
    box.addEventListener('blur', close);
    form?.addEventListener('click', onClick);
    // what was typed while this code loaded
    if (box.value) ask();
    return () => {
      clearTimeout(timer);
      request?.abort();
      box.removeEventListener('input', onInput);
      box.removeEventListener('keydown', onKey);
      box.removeEventListener('blur', close);
      form?.removeEventListener('click', onClick);
    };
  }, [input, lang, navigate, listId]);

  useEffect(() => {
    const box = input.current;
    if (!box) return;
    box.setAttribute('aria-expanded', String(expanded));
    if (expanded && view.active >= 0) box.setAttribute('aria-activedescendant', optionId(id, view.active));
    else box.removeAttribute('aria-activedescendant');
  }, [input, expanded, view.active, id]);

  const kind = (item: SearchResultDto) =>
    item.kind === 'place'
      ? t('search.kind.place')
      : item.kind === 'city'
        ? t('search.kind.city')
        : t('search.kind.country');

  if (!expanded) return null;
  return (
    <ul
      id={listId}
      role="listbox"
      aria-label={t('search.suggestions')}
      className={`absolute top-full z-50 mt-2 rounded-xl bg-white p-1 text-slate-900 shadow-lg ring-1 ring-slate-200 ${className}`}
    >
      {view.items.map((item, index) => (
        <li
          key={`${item.kind}-${item.id}`}
          id={optionId(id, index)}
          role="option"
          aria-selected={index === view.active}
          data-index={index}
          // keep the focus in the box, so the click still finds the list there
          onMouseDown={(event) => event.preventDefault()}
          className={`cursor-pointer rounded-lg px-3 py-2 text-sm ${index === view.active ? 'bg-brand-50' : 'hover:bg-slate-50'}`}
        >
          <span className="block font-semibold" lang={item.titleLang === lang ? undefined : item.titleLang}>
            <Highlighted text={item.title} query={view.query} />
          </span>
          <span className="block text-xs text-slate-600">
            {kind(item)}
            {item.subtitle ? ` · ${item.subtitle}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}
