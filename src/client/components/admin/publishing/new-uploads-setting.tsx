import type { NewUploadsMode } from '@/shared/api/publishing';
import { errorText } from '@/client/lib/api';
import { toast } from '../../ui/toaster';
import { SettingChoices, type SettingChoice } from './setting-choices';
import { useAdminSettings, useSaveAdminSettings } from './use-publishing';

const CHOICES: Array<SettingChoice<NewUploadsMode>> = [
  {
    value: 'draft',
    label: 'Keep as draft',
    hint: 'Read and correct each new place first; visitors see it once you press Publish.',
  },
  { value: 'publish', label: 'Publish at once', hint: 'Visitors see a new place as soon as its upload is done.' },
];

/** The dashboard's choice of what an upload becomes, saved at once when changed. */
export function NewUploadsSetting() {
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
    <SettingChoices
      title="New uploads"
      description="What a newly uploaded photo becomes."
      choices={CHOICES}
      current={current}
      loaded={Boolean(settings.data)}
      loadError={settings.isError ? settings.error : undefined}
      onChoose={choose}
    />
  );
}
