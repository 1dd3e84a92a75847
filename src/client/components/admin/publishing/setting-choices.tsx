import { useId, useState } from 'react';
import type { AdminSettings, AdminSettingsUpdate } from '@/shared/api/publishing';
import { errorText } from '@/client/lib/api';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { toast } from '../../ui/toaster';
import { useAdminSettings, useSaveAdminSettings } from './use-publishing';

export interface SettingChoice<Value extends string> {
  value: Value;
  label: string;
  hint: string;
}

/**
 * One setting of the admin's: its value (the one chosen, from the click until the server answers),
 * and choosing another, which saves it alone (the server keeps the others) and says so, with
 * `saved`'s sentence, in a toast; a refusal puts the saved value back.
 */
export function useSetting<K extends keyof AdminSettingsUpdate>(key: K, saved: (value: AdminSettings[K]) => string) {
  const settings = useAdminSettings();
  const save = useSaveAdminSettings();
  // set in the click's own render, so the radio never shows the old value while the save starts
  const [chosen, setChosen] = useState<AdminSettings[K]>();
  const current = chosen ?? settings.data?.[key];
  function onChoose(value: AdminSettings[K]) {
    setChosen(value);
    save.mutate(
      { [key]: value },
      {
        onSuccess: () => toast.success('Setting saved', { description: saved(value) }),
        onError: (error) => toast.error('Not saved', { description: errorText(error, 'Please try again.') }),
        // the saved settings (set on success) show from here on
        onSettled: () => setChosen(undefined),
      },
    );
  }
  return {
    current,
    loaded: Boolean(settings.data),
    loadError: settings.isError ? settings.error : undefined,
    onChoose,
  };
}

/** A dashboard setting that could not be read: why, and what to do. */
export function SettingLoadError({ error }: { error: unknown }) {
  return (
    <p role="alert" className="text-sm text-red-700">
      {errorText(error, 'The setting could not be loaded.')} Reload the page to try again.
    </p>
  );
}

/**
 * One of the dashboard's settings: a card with its choices as radio buttons, each with a line saying
 * what it does, saved at once when changed (the caller saves), and what follows the choices.
 */
export function SettingChoices<Value extends string>({
  title,
  description,
  choices,
  current,
  loaded,
  loadError,
  onChoose,
  children,
}: {
  title: string;
  description: string;
  choices: ReadonlyArray<SettingChoice<Value>>;
  current: Value | undefined;
  /** Until the settings are loaded the choices are disabled. */
  loaded: boolean;
  /** Why the settings could not be loaded, if they could not. */
  loadError: unknown;
  onChoose: (value: Value) => void;
  children?: React.ReactNode;
}) {
  const id = useId();
  return (
    <Card className="mb-8">
      <CardHeader>
        <CardTitle id={`${id}-title`}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {loadError ? (
          <SettingLoadError error={loadError} />
        ) : (
          <fieldset aria-labelledby={`${id}-title`} className="grid gap-3 sm:grid-cols-2" disabled={!loaded}>
            {choices.map((choice) => (
              <label
                key={choice.value}
                className="flex cursor-pointer gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name={`${id}-choice`}
                  value={choice.value}
                  checked={current === choice.value}
                  onChange={() => onChoose(choice.value)}
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
        {children}
      </CardContent>
    </Card>
  );
}
