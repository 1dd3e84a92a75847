import { Loader2, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { GalleryItemDto } from '@/shared/api/admin-places';
import { GALLERY_ALT_MAX, GALLERY_CAPTION_MAX, type GalleryTextEntry } from '@/shared/api/gallery';
import { LANGUAGES } from '@/shared/languages';
import { errorText } from '@/client/lib/api';
import { Button } from '../../ui/button';
import { Select } from '../../ui/form-controls';
import { Input, Label, Textarea } from '../../ui/input';
import { toast } from '../../ui/toaster';
import { imageAttributes } from '@/shared/media';
import { MoveButtons } from '../card-actions';
import { PhotoToPlace } from './photo-to-place';
import { useSaveGalleryTexts } from './use-admin-places';

const LANGUAGE_CHOICES = LANGUAGES.map((language) => ({ value: language.code, label: language.name }));

/** Where a language's texts stand, in the editor's words (decision 014). */
function standing(entry: GalleryTextEntry): string {
  if (entry.languageCode === 'en') return 'English is the original; the other languages are translated from it.';
  if (entry.status === 'missing') return 'Not written yet: visitors read the English.';
  const who = entry.origin === 'person' ? 'Written by hand' : 'Translated by machine';
  return entry.status === 'outdated'
    ? `${who}, from an older English text: update it to match.`
    : `${who}; up to date with the English.`;
}

/** The caption and alt text of one language; mounted per language so it starts from the stored text. */
function TextsForm({ placeId, image, entry }: { placeId: string; image: GalleryItemDto; entry: GalleryTextEntry }) {
  const [caption, setCaption] = useState(entry.caption);
  const [alt, setAlt] = useState(entry.alt);
  const save = useSaveGalleryTexts(placeId);
  const id = useId();
  const language = LANGUAGES.find((l) => l.code === entry.languageCode)!;

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      { imageId: image.id, lang: entry.languageCode, body: { caption, alt } },
      {
        onSuccess: (saved) => toast.success('Saved', { description: saved.message }),
        onError: (error) =>
          toast.error('Error', { description: errorText(error, 'The caption and alt text could not be saved') }),
      },
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-2" lang={language.code}>
      <p className="text-xs text-slate-600" lang="en">
        {standing(entry)}
      </p>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-caption`} lang="en">
          Caption
        </Label>
        <Input
          id={`${id}-caption`}
          value={caption}
          maxLength={GALLERY_CAPTION_MAX}
          onChange={(e) => setCaption(e.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-alt`} lang="en">
          Alt text (describes the photo for people who cannot see it)
        </Label>
        <Textarea
          id={`${id}-alt`}
          rows={2}
          value={alt}
          maxLength={GALLERY_ALT_MAX}
          onChange={(e) => setAlt(e.target.value)}
        />
      </div>
      <Button type="submit" size="sm" className="self-start" disabled={save.isPending} lang="en">
        {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
        Save {language.name}
      </Button>
    </form>
  );
}

interface GalleryPhotoProps {
  placeId: string;
  image: GalleryItemDto;
  /** 1-based, as the place page counts the gallery after the cover. */
  number: number;
  count: number;
  onMove: (direction: -1 | 1) => void;
  onDelete: () => void;
  deleting: boolean;
}

/**
 * One gallery photo: its place in the order (Move up / Move down, keyboard-reachable buttons), its
 * caption and alt text in a chosen language, and Delete.
 */
export function GalleryPhoto({ placeId, image, number, count, onMove, onDelete, deleting }: GalleryPhotoProps) {
  const [lang, setLang] = useState<string>('en');
  const languageId = useId();
  const entry = image.texts.find((text) => text.languageCode === lang) ?? image.texts[0]!;

  return (
    <fieldset className="grid gap-4 rounded-xl border border-slate-200 p-3 sm:grid-cols-[12rem_1fr]">
      <legend className="px-1 text-sm font-semibold text-slate-900">Photo {number}</legend>
      <div className="flex flex-col gap-2">
        <img
          {...imageAttributes(image.imageUrl, '192px')}
          alt={entry.alt || image.texts[0]?.alt || `Gallery photo ${number}`}
          loading="lazy"
          className="aspect-[4/3] w-full rounded-lg bg-slate-100 object-cover"
        />
        <div className="flex flex-wrap gap-1.5">
          <MoveButtons
            what={`photo ${number}`}
            first={number === 1}
            last={number === count}
            onMove={onMove}
            idPrefix={`move-${image.id}`}
          />
          <Button
            variant="destructive"
            size="sm"
            onClick={onDelete}
            disabled={deleting}
            aria-label={`Delete gallery image ${number}`}
          >
            <Trash2 aria-hidden="true" /> Delete
          </Button>
        </div>
        <PhotoToPlace placeId={placeId} imageId={image.id} number={number} />
      </div>
      <div className="flex flex-col gap-2">
        <div className="flex flex-col gap-1">
          <Label htmlFor={languageId}>Language</Label>
          <Select
            id={languageId}
            value={lang}
            onChange={(e) => setLang(e.target.value)}
            className="sm:max-w-xs"
            choices={LANGUAGE_CHOICES}
          />
        </div>
        <TextsForm key={`${image.id}-${lang}`} placeId={placeId} image={image} entry={entry} />
      </div>
    </fieldset>
  );
}
