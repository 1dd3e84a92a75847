import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateMissingAreasResponse, MissingPublishedAreas, NewAreasMode } from '@/shared/api/new-areas';
import { apiJson, errorText } from '@/client/lib/api';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toaster';
import { SettingChoices, useSetting, type SettingChoice } from './setting-choices';

const MISSING_KEY = ['api', 'admin', 'areas', 'missing-published'] as const;

const CHOICES: Array<SettingChoice<NewAreasMode>> = [
  {
    value: 'create',
    label: 'Create them with the place',
    hint: 'Publishing a place in a new town makes its city and country pages at once, with its photo and a description to read.',
  },
  {
    value: 'ask',
    label: 'Let me add them',
    hint: 'New towns and countries wait under Missing Cities and Missing Countries until you add them.',
  },
];

const SAVED: Record<NewAreasMode, string> = {
  create: 'Cities and countries now appear with their first published place.',
  ask: 'New cities and countries wait for you under Missing Cities and Missing Countries.',
};

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "6 cities and 5 countries", "1 country": what is missing, leaving out a kind with none. */
function areasList({ cities, countries }: MissingPublishedAreas, adjective = ''): string {
  const parts = [
    cities > 0 && count(cities, `${adjective}city`, `${adjective}cities`),
    countries > 0 &&
      count(
        countries,
        cities > 0 ? 'country' : `${adjective}country`,
        cities > 0 ? 'countries' : `${adjective}countries`,
      ),
  ].filter(Boolean);
  return parts.join(' and ');
}

/**
 * The dashboard's choice of what publishing a place in a town or country without a page does
 * (docs/product.md §18), and the one-time action that makes the pages published places still lack.
 */
export function NewAreasSetting() {
  const queryClient = useQueryClient();
  const setting = useSetting('newAreas', (value) => SAVED[value]);
  const missing = useQuery<MissingPublishedAreas>({ queryKey: MISSING_KEY, staleTime: 0 });
  const createMissing = useMutation({
    mutationFn: () => apiJson<CreateMissingAreasResponse>('POST', '/api/admin/areas/create-missing'),
    // the counts, Manage Cities and Manage Countries, and the public pages all change
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['api'] }),
  });

  function create() {
    createMissing.mutate(undefined, {
      onSuccess: (answer) => toast.success('Pages created', { description: answer.message }),
      onError: (error) =>
        toast.error('Not created', { description: errorText(error, 'Nothing was created. Please try again.') }),
    });
  }

  const waiting = missing.data && missing.data.cities + missing.data.countries > 0 ? missing.data : undefined;
  return (
    <SettingChoices
      title="New cities and countries"
      description="What publishing a place in a town or country without a page does."
      choices={CHOICES}
      {...setting}
    >
      {waiting && (
        <div className="mt-4 flex flex-wrap items-center gap-3 rounded-lg bg-amber-50 p-3">
          <p className="text-sm text-slate-800">
            Your published places name {areasList(waiting)} that have no page yet, so visitors cannot browse to them.
            Places that are only drafts are not counted.
          </p>
          <Button onClick={create} disabled={createMissing.isPending}>
            {createMissing.isPending ? 'Creating...' : `Create the ${areasList(waiting, 'missing ')}`}
          </Button>
        </div>
      )}
    </SettingChoices>
  );
}
