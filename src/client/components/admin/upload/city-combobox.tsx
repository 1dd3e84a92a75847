import { useQuery } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { GAZETTEER_QUERY_MAX, type GazetteerCity, type GazetteerResponse } from '@/shared/api/gazetteer';
import { apiJson } from '@/client/lib/api';
import { cn } from '@/client/lib/utils';
import { Input, Label } from '../../ui/input';

/** Typing pauses this long before a search is sent. */
const DEBOUNCE_MS = 250;

const numberFormat = new Intl.NumberFormat('en-US');

/** "Munich (München), Germany", as an option and the chosen location read it. */
export const cityLabel = (city: GazetteerCity) =>
  `${city.name}${city.alias ? ` (${city.alias})` : ''}, ${city.country}`;

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

interface CityComboboxProps {
  onChoose: (city: GazetteerCity) => void;
  disabled?: boolean;
}

/**
 * Type-ahead search of the offline gazetteer, in the WAI-ARIA combobox pattern (an input with a
 * listbox popup): arrow keys move through the towns, Enter chooses, Escape closes the list (a second
 * Escape empties the field); the active town is announced through aria-activedescendant while
 * focus stays in the input.
 */
export function CityCombobox({ onChoose, disabled }: CityComboboxProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The field shows the chosen town's label: that text is not searched for.
  const [chosen, setChosen] = useState<string | null>(null);
  const typed = text.trim() === chosen ? '' : text.trim();
  const term = useDebounced(typed, DEBOUNCE_MS);

  const search = useQuery({
    queryKey: ['api', 'admin', 'geo', 'cities', term],
    queryFn: () => apiJson<GazetteerResponse>('GET', `/api/admin/geo/cities?q=${encodeURIComponent(term)}&limit=8`),
    enabled: term !== '',
  });
  // Only the answer for what the field says now: an older one would offer towns for other text.
  const current = term === typed;
  const towns = (current && term !== '' && search.data) || [];
  const expanded = open && towns.length > 0;

  // The active town stays in view when the arrow keys move past the list's visible part.
  useEffect(() => {
    if (active >= 0) document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, id]);

  function choose(city: GazetteerCity) {
    onChoose(city);
    setText(cityLabel(city));
    setChosen(cityLabel(city));
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (towns.length === 0) return;
        setOpen(true);
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((index) =>
          expanded ? (index + step + towns.length) % towns.length : step > 0 ? 0 : towns.length - 1,
        );
        return;
      }
      case 'Enter':
        // Enter in the field never sends the upload form: it chooses the active town, or nothing.
        event.preventDefault();
        if (expanded && active >= 0) choose(towns[active]!);
        return;
      case 'Escape':
        event.preventDefault();
        if (expanded) setOpen(false);
        else setText('');
        setActive(-1);
        return;
      default:
    }
  }

  const status =
    !current || (term !== '' && search.isFetching)
      ? 'Searching…'
      : search.isError
        ? 'The search failed; you can enter coordinates instead.'
        : term === ''
          ? ''
          : towns.length === 0
            ? `No town found for “${term}”.`
            : `${towns.length} town${towns.length === 1 ? '' : 's'} found; use the arrow keys and Enter to choose.`;

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={inputId}>Town or city</Label>
      <div className="relative">
        <Input
          id={inputId}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-describedby={`${id}-status`}
          autoComplete="off"
          spellCheck={false}
          maxLength={GAZETTEER_QUERY_MAX}
          placeholder="Start typing, e.g. Łódź or Munich"
          value={text}
          disabled={disabled}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
        />
        {term !== '' && search.isFetching && (
          <Loader2 className="absolute top-2.5 right-3 size-5 animate-spin text-slate-400" aria-hidden="true" />
        )}
        <ul
          id={listId}
          role="listbox"
          aria-label="Matching towns"
          hidden={!expanded}
          className="absolute top-full left-0 z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg"
        >
          {towns.map((city, index) => (
            <li
              key={city.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={cn(
                'flex cursor-pointer justify-between gap-3 px-3 py-2',
                index === active ? 'bg-brand-100 text-brand-900' : 'hover:bg-slate-50',
              )}
              // mousedown would blur the input (closing the list) before the click lands
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(city)}
            >
              <span>{cityLabel(city)}</span>
              <span className={cn('shrink-0', index === active ? 'text-brand-900' : 'text-slate-600')}>
                {numberFormat.format(city.population)} people
              </span>
            </li>
          ))}
        </ul>
      </div>
      <p id={`${id}-status`} className="min-h-5 text-sm text-slate-500" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
