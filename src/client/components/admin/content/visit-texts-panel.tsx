import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LanguageCode } from '@/shared/languages';
import type { AdminVisitDto, VisitFactsResponse, VisitTexts } from '@/shared/api/visit-facts';
import { apiJson, errorText } from '@/client/lib/api';
import { Button } from '../../ui/button';
import { Label, Textarea } from '../../ui/input';
import { toast } from '../../ui/toaster';

const FIELDS = [
  { key: 'hoursNote', label: 'Note on opening times' },
  { key: 'priceText', label: 'Price in words' },
  { key: 'accessibility', label: 'Accessibility' },
] as const;

/** The English of a field as Edit Place saved it (a price in words is the price's text). */
function englishOf(visit: AdminVisitDto, key: (typeof FIELDS)[number]['key']): string {
  if (key === 'priceText') return visit.price && 'text' in visit.price ? visit.price.text : '';
  return visit[key] ?? '';
}

/**
 * The visit facts' texts in one language, written by a person at the editor's desk
 * (docs/decisions/043-visit-facts.md): never by a model. A field left empty shows the English.
 */
export function VisitTextsPanel({
  placeId,
  lang,
  languageName,
}: {
  placeId: string;
  lang: LanguageCode;
  languageName: string;
}) {
  const key = ['api', 'admin', 'places', placeId, 'visit'];
  const visit = useQuery<AdminVisitDto | null>({ queryKey: key });
  const english = visit.data;
  const fields = english ? FIELDS.filter((field) => englishOf(english, field.key)) : [];
  if (!english || fields.length === 0) return null;
  return (
    <VisitTextsForm
      key={lang}
      placeId={placeId}
      lang={lang}
      languageName={languageName}
      visit={english}
      fields={fields}
    />
  );
}

function VisitTextsForm({
  placeId,
  lang,
  languageName,
  visit,
  fields,
}: {
  placeId: string;
  lang: LanguageCode;
  languageName: string;
  visit: AdminVisitDto;
  fields: (typeof FIELDS)[number][];
}) {
  const [values, setValues] = useState<VisitTexts>(() => visit.translations[lang] ?? {});
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: VisitTexts) =>
      apiJson<VisitFactsResponse>(
        'PUT',
        `/api/admin/places/${encodeURIComponent(placeId)}/visit/translations/${lang}`,
        body,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['api'] }),
  });
  return (
    <form
      className="flex flex-col gap-3 border-t border-slate-200 pt-4"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(values, {
          onSuccess: (saved) => toast.success(saved.message),
          onError: (error) => toast.error('Not saved', { description: errorText(error, 'Please try again.') }),
        });
      }}
    >
      <h3 className="text-sm font-semibold text-slate-900">Plan your visit: {languageName} texts</h3>
      <p className="text-xs text-slate-500">
        Written by a person only. Left empty, visitors read the English, marked as such.
      </p>
      {fields.map(({ key, label }) => {
        const id = `visit-${lang}-${key}`;
        return (
          <div key={key} className="flex flex-col gap-1.5">
            <Label htmlFor={id}>
              {label} ({languageName})
            </Label>
            <p className="text-xs text-slate-500" lang="en">
              English: {englishOf(visit, key)}
            </p>
            <Textarea
              id={id}
              lang={lang}
              rows={2}
              value={values[key] ?? ''}
              onChange={(e) => setValues({ ...values, [key]: e.target.value })}
            />
          </div>
        );
      })}
      <Button type="submit" className="self-end" disabled={save.isPending}>
        Save {languageName} visit texts
      </Button>
    </form>
  );
}
