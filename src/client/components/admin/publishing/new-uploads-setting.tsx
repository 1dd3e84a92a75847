import { useId } from 'react';
import type { NewUploadsMode } from '@/shared/api/publishing';
import { errorText } from '@/client/lib/api';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { toast } from '../../ui/toaster';
import { useAdminSettings, useSaveAdminSettings } from './use-publishing';

const CHOICES: Array<{ value: NewUploadsMode; label: string; hint: string }> = [
  {
    value: 'draft',
    label: 'Keep as draft',
    hint: 'Read and correct each new place first; visitors see it once you press Publish.',
  },
  { value: 'publish', label: 'Publish at once', hint: 'Visitors see a new place as soon as its upload is done.' },
];

/** A dashboard setting that could not be read: why, and what to do. */
export function SettingLoadError({ error }: { error: unknown }) {
  return (
    <p role="alert" className="text-sm text-red-700">
      {errorText(error, 'The setting could not be loaded.')} Reload the page to try again.
    </p>
  );
}

/** The dashboard's choice of what an upload becomes, saved at once when changed. */
export function NewUploadsSetting() {
  const id = useId();
  const settings = useAdminSettings();
  const save = useSaveAdminSettings();
  const current = (save.isPending ? save.variables.newUploads : undefined) ?? settings.data?.newUploads;

  function choose(value: NewUploadsMode) {
    save.mutate(
      { newUploads: value },
      {
        onSuccess: () =>
          toast.success('Setting saved', {
            description:
              value === 'draft'
                ? 'New uploads are kept as drafts until you publish them.'
                : 'New uploads are published at once.',
          }),
        onError: (error) => toast.error('Not saved', { description: errorText(error, 'Please try again.') }),
      },
    );
  }

  return (
    <Card className="mb-8">
      <CardHeader>
        <CardTitle id={`${id}-title`}>New uploads</CardTitle>
        <CardDescription>What a newly uploaded photo becomes.</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isError ? (
          <SettingLoadError error={settings.error} />
        ) : (
          <fieldset aria-labelledby={`${id}-title`} className="grid gap-3 sm:grid-cols-2" disabled={!settings.data}>
            {CHOICES.map((choice) => (
              <label
                key={choice.value}
                className="flex cursor-pointer gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name={`${id}-new-uploads`}
                  value={choice.value}
                  checked={current === choice.value}
                  onChange={() => choose(choice.value)}
                  className="mt-1 accent-brand-700"
                />
                <span>
                  <span className="block text-sm font-medium text-slate-900">{choice.label}</span>
                  <span className="block text-sm text-slate-600">{choice.hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
      </CardContent>
    </Card>
  );
}
