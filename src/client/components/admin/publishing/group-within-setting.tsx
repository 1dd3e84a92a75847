import { useId, useState, type FormEvent } from 'react';
import { GROUP_WITHIN_MAX_M } from '@/shared/api/publishing';
import { errorText } from '@/client/lib/api';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Input, Label } from '../../ui/input';
import { toast } from '../../ui/toaster';
import { SettingLoadError } from './setting-choices';
import { useAdminSettings, useSaveAdminSettings } from './use-publishing';

/** The dashboard's grouping distance of uploads (decision 027): photos this near a place join its gallery. */
export function GroupWithinSetting() {
  const id = useId();
  const settings = useAdminSettings();
  const save = useSaveAdminSettings();
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const stored = settings.data?.groupWithinMeters;
  const value = draft ?? (stored === undefined ? '' : String(stored));

  function submit(event: FormEvent) {
    event.preventDefault();
    const metres = Number(value);
    if (!/^\d+$/.test(value.trim()) || metres > GROUP_WITHIN_MAX_M) {
      toast.error('Not saved', { description: `Enter a whole number of metres from 0 to ${GROUP_WITHIN_MAX_M}.` });
      return;
    }
    save.mutate(
      { groupWithinMeters: metres },
      {
        onSuccess: () => {
          setDraft(undefined);
          toast.success('Setting saved', {
            description:
              metres === 0
                ? 'Every photo now becomes a place of its own.'
                : `Photos taken within ${metres} m of a place now join its gallery.`,
          });
        },
        onError: (error) => toast.error('Not saved', { description: errorText(error, 'Please try again.') }),
      },
    );
  }

  return (
    <Card className="mb-8">
      <CardHeader>
        <CardTitle>Photos of one spot</CardTitle>
        <CardDescription>
          A photo taken this close to a place joins its gallery instead of becoming a new place (the Upload screen lets
          you choose otherwise). 0 makes every photo a place of its own.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isError ? (
          <SettingLoadError error={settings.error} />
        ) : (
          <form className="flex flex-wrap items-end gap-3" onSubmit={submit}>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-metres`}>Group photos within (metres)</Label>
              <Input
                id={`${id}-metres`}
                inputMode="numeric"
                className="w-32"
                value={value}
                disabled={!settings.data || save.isPending}
                onChange={(event) => setDraft(event.target.value)}
              />
            </div>
            <Button type="submit" variant="outline" disabled={!settings.data || save.isPending || draft === undefined}>
              Save distance
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
