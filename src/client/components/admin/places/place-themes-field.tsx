import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { AdminPlaceThemesDto } from '@/shared/api/themes';
import { THEMES, THEMES_PER_PLACE_MAX } from '@/shared/themes';
import { apiJson, errorText } from '@/client/lib/api';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/form-controls';
import { toast } from '../../ui/toaster';

const themesKey = (placeId: string) => ['api', 'admin', 'places', placeId, 'themes'] as const;

/** The choice as the owner is making it: the stored themes until they tick or untick one. */
function ThemesForm({ placeId, stored }: { placeId: string; stored: AdminPlaceThemesDto['themes'] }) {
  const queryClient = useQueryClient();
  const hintId = useId();
  const [chosen, setChosen] = useState(() => stored.map((theme) => theme.id));
  const suggested = new Set(stored.filter((theme) => theme.origin === 'suggested').map((theme) => theme.id));
  const save = useMutation({
    mutationFn: (themes: string[]) =>
      apiJson<AdminPlaceThemesDto>('PUT', `/api/admin/places/${encodeURIComponent(placeId)}/themes`, { themes }),
    onSuccess: (answer) => {
      queryClient.setQueryData(themesKey(placeId), answer);
      toast.success('Themes saved');
    },
    onError: (error) => toast.error('Error', { description: errorText(error, 'Failed to save the themes') }),
  });
  const toggle = (id: string, on: boolean) =>
    setChosen((current) => (on ? [...current, id] : current.filter((other) => other !== id)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(chosen);
  };
  const full = chosen.length >= THEMES_PER_PLACE_MAX;
  return (
    <form onSubmit={submit} className="rounded-lg border border-slate-200 p-4">
      <fieldset aria-describedby={hintId}>
        <legend className="text-sm font-medium text-slate-900">Themes</legend>
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          Up to {THEMES_PER_PLACE_MAX}, most fitting first. Themes marked “suggested” were proposed by the model or from
          the landmark list: saving confirms the ones you keep.
        </p>
        <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2">
          {THEMES.map((theme) => {
            const on = chosen.includes(theme.id);
            return (
              <li key={theme.id}>
                <label className="flex items-center gap-2 text-sm text-slate-800">
                  <Checkbox
                    checked={on}
                    disabled={!on && full}
                    onChange={(event) => toggle(theme.id, event.target.checked)}
                  />
                  {theme.name.en}
                  {suggested.has(theme.id) && <Badge variant="secondary">suggested</Badge>}
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <div className="mt-3 flex justify-end">
        <Button type="submit" variant="outline" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save themes'}
        </Button>
      </div>
    </form>
  );
}

/**
 * A place's themes in Edit Place (docs/product.md §22): 0-3 of the taxonomy, the suggested ones
 * marked until the owner saves them; saved on their own (PUT /api/admin/places/{id}/themes).
 */
export function PlaceThemesField({ placeId }: { placeId: string }) {
  const themes = useQuery<AdminPlaceThemesDto>({ queryKey: themesKey(placeId) });
  if (!themes.data) return <p className="text-sm text-slate-600">Loading themes...</p>;
  return <ThemesForm key={themes.dataUpdatedAt} placeId={placeId} stored={themes.data.themes} />;
}
