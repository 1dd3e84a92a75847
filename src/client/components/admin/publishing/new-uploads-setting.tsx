import type { NewUploadsMode } from '@/shared/api/publishing';
import { SettingChoices, useSetting, type SettingChoice } from './setting-choices';

const CHOICES: Array<SettingChoice<NewUploadsMode>> = [
  {
    value: 'draft',
    label: 'Keep as draft',
    hint: 'Read and correct each new place first; visitors see it once you press Publish.',
  },
  { value: 'publish', label: 'Publish at once', hint: 'Visitors see a new place as soon as its upload is done.' },
];

const SAVED: Record<NewUploadsMode, string> = {
  draft: 'New uploads are kept as drafts until you publish them.',
  publish: 'New uploads are published at once.',
};

/** The dashboard's choice of what an upload becomes, saved at once when changed. */
export function NewUploadsSetting() {
  const setting = useSetting('newUploads', (value) => SAVED[value]);
  return (
    <SettingChoices
      title="New uploads"
      description="What a newly uploaded photo becomes."
      choices={CHOICES}
      {...setting}
    />
  );
}
