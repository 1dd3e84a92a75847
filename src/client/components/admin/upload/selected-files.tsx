import { MapPinOff } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '@/client/lib/utils';
import { MIN_PHOTO_LONG_SIDE } from '@/shared/limits';
import { DisclosureButton } from '../../ui/disclosure-button';
import { Label, Textarea } from '../../ui/input';
import type { GpsState } from './photo-gps';
import { PhotoTarget } from './photo-target';

const formatSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** The longest story the server takes (the shared story has the same limit). */
const STORY_MAX = 10_000;

interface PhotoStoryProps {
  fileName: string;
  story: string;
  disabled?: boolean;
  onChange: (story: string) => void;
}

/**
 * A photo's own story, behind a button so a long batch stays short: used instead of the shared
 * story when it is filled, so each photo of a batch can tell its own.
 */
function PhotoStory({ fileName, story, disabled, onChange }: PhotoStoryProps) {
  const id = useId();
  const [open, setOpen] = useState(story !== '');
  return (
    <div className="flex flex-col gap-2 px-3 pb-2">
      <DisclosureButton open={open} onOpenChange={setOpen} controls={`${id}-story`} className="self-start">
        {story.trim() ? 'Story for this photo (written)' : 'Story for this photo'}
      </DisclosureButton>
      <div id={`${id}-story`} hidden={!open} className="flex flex-col gap-1.5">
        {open && (
          <>
            <Label htmlFor={`${id}-text`}>Story for {fileName}</Label>
            <Textarea
              id={`${id}-text`}
              rows={3}
              maxLength={STORY_MAX}
              value={story}
              disabled={disabled}
              aria-describedby={`${id}-hint`}
              onChange={(event) => onChange(event.target.value)}
            />
            <p id={`${id}-hint`} className="text-xs text-slate-500">
              Used instead of the shared story below for this photo only. Left empty, the shared story is used.
            </p>
          </>
        )}
      </div>
    </div>
  );
}

interface SelectedFilesProps {
  files: File[];
  /** The photo being sent, 1-based; 0 when idle. */
  current: number;
  gps?: GpsState[];
  /** Each photo's own story by its position in `files` (offered when more than one photo is chosen). */
  stories?: readonly string[];
  onStoryChange?: (index: number, story: string) => void;
  /** Where each photo goes ('' automatic), by its position in `files` (offered when set). */
  targets?: readonly string[];
  onTargetChange?: (index: number, target: string) => void;
  disabled?: boolean;
}

/**
 * The picked photos, the one being sent highlighted, those without a GPS position marked; with more
 * than one photo, each can have a story of its own.
 */
export function SelectedFiles({
  files,
  current,
  gps = [],
  stories = [],
  onStoryChange,
  targets = [],
  onTargetChange,
  disabled,
}: SelectedFilesProps) {
  if (files.length === 0) return null;
  const ownStories = files.length > 1 && onStoryChange !== undefined;
  return (
    <ul className="max-h-96 overflow-y-auto rounded-lg border border-slate-200 text-sm" aria-label="Selected photos">
      {files.map((file, i) => (
        <li
          key={`${i}-${file.name}`}
          className={cn('border-b border-slate-100 last:border-b-0', i + 1 === current && 'bg-brand-50 font-medium')}
        >
          <div className="flex justify-between gap-3 px-3 py-1.5">
            <span className="truncate">{file.name}</span>
            <span className="flex shrink-0 items-center gap-3 text-slate-500">
              {gps[i] === false && (
                <span className="inline-flex items-center gap-1 text-amber-800">
                  <MapPinOff className="size-3.5" aria-hidden="true" /> No GPS
                </span>
              )}
              {gps[i] === 'too-small' && (
                <span
                  className="text-amber-800"
                  title={`Photos need at least ${MIN_PHOTO_LONG_SIDE.toLocaleString('en-US')} pixels on the long side`}
                >
                  Too small to upload
                </span>
              )}
              {formatSize(file.size)}
            </span>
          </div>
          {ownStories && (
            <PhotoStory
              fileName={file.name}
              story={stories[i] ?? ''}
              disabled={disabled}
              onChange={(story) => onStoryChange(i, story)}
            />
          )}
          {onTargetChange && (
            <PhotoTarget
              file={file}
              target={targets[i] ?? ''}
              disabled={disabled}
              onChange={(target) => onTargetChange(i, target)}
            />
          )}
        </li>
      ))}
    </ul>
  );
}
