import { Search } from 'lucide-react';
import { useId } from 'react';
import type { AdminPlaceSort } from '@/shared/api/admin-places';
import { SEARCH_TEXT_MAX } from '@/shared/search-limits';
import { EDIT_PLACES_DEFAULT_COUNT } from '@/shared/limits';
import { LANGUAGES } from '@/shared/languages';
import { Card, CardContent } from '../../ui/card';
import { Select, type Choice } from '../../ui/form-controls';
import { Input, Label } from '../../ui/input';

/** The value of the Filter by City select that means every place. */
export const ALL_CITIES = 'all';

const SORT_CHOICES: readonly (Choice & { value: AdminPlaceSort })[] = [
  { value: 'uploaded', label: 'Newest uploads first' },
  { value: 'taken', label: 'Newest photos first (date taken)' },
];

/**
 * What the Show select narrows the list to. Each value is the list's address query
 * (/iladmin/edit-places?review=needed), so the dashboard links straight to it.
 */
export const SHOW_CHOICES: readonly Choice[] = [
  { value: '', label: 'All places' },
  { value: 'review=needed', label: 'Needs review' },
  ...LANGUAGES.map((l) => ({ value: `review=${l.code}`, label: `Needs review: ${l.name}` })),
  { value: 'state=draft', label: 'Drafts' },
  { value: 'translations=outdated', label: 'Outdated translations' },
  { value: 'translations=failed', label: 'Failed translations' },
];

/** The Show choice an address asks for ('' for none, or one it does not know). */
export function showOf(params: URLSearchParams): string {
  const choice = SHOW_CHOICES.find(({ value }) => {
    const [key, wanted] = value.split('=');
    return key && params.get(key) === wanted;
  });
  return choice?.value ?? '';
}

interface PlacesFiltersProps {
  show: string;
  onShow: (value: string) => void;
  city: string;
  cities: Choice[];
  citiesLoaded: boolean;
  onCity: (value: string) => void;
  sort: AdminPlaceSort;
  onSort: (sort: AdminPlaceSort) => void;
  search: string;
  onSearch: (text: string) => void;
}

/**
 * Edit Places' controls: what to show (places needing review, drafts, ...), Filter by City
 * (docs/product.md §2.5.4), the order, and a search of titles and places.
 */
export function PlacesFilters(props: PlacesFiltersProps) {
  const id = useId();
  return (
    <Card className="mb-6">
      <CardContent className="grid gap-4 pt-6 sm:grid-cols-2 lg:grid-cols-4">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-show`}>Show</Label>
          <Select
            id={`${id}-show`}
            value={props.show}
            onChange={(event) => props.onShow(event.target.value)}
            choices={SHOW_CHOICES}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-city`}>Filter by City</Label>
          <Select
            id={`${id}-city`}
            value={props.city}
            onChange={(event) => props.onCity(event.target.value)}
            disabled={!props.citiesLoaded}
            choices={props.cities}
          >
            <option value={ALL_CITIES}>All Places (Last {EDIT_PLACES_DEFAULT_COUNT})</option>
          </Select>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-sort`}>Sort by</Label>
          <Select
            id={`${id}-sort`}
            value={props.sort}
            onChange={(event) => props.onSort(event.target.value as AdminPlaceSort)}
            choices={SORT_CHOICES}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-search`}>Search places</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
              aria-hidden="true"
            />
            <Input
              id={`${id}-search`}
              type="search"
              value={props.search}
              maxLength={SEARCH_TEXT_MAX}
              placeholder="Title or place, in any language"
              onChange={(event) => props.onSearch(event.target.value)}
              className="pl-9"
            />
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
