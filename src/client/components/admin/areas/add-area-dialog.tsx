import { Loader2, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/dialog';
import { PhotoPicker } from './photo-picker';
import { useRestoreFocus } from '../../ui/use-restore-focus';
import { usePhotoChoices } from './use-areas-admin';
import { useModelConfigured } from '../publishing/use-publishing';
import { slugify } from '@/shared/slug';

interface AddAreaDialogProps {
  kind: 'city' | 'country';
  /** What to add: a city (name + country) or a country (name only). Undefined keeps the dialog closed. */
  target: { name: string; country?: string } | undefined;
  pending: boolean;
  onClose: () => void;
  onCreate: (imageUrl: string) => void;
}

/** Add City / Add Country: choose one of the places' photos, read what happens next, create. */
export function AddAreaDialog({ kind, target, pending, onClose, onCreate }: AddAreaDialogProps) {
  const filter =
    target && (kind === 'city' ? { location: target.name, country: target.country ?? '' } : { country: target.name });
  const photos = usePhotoChoices(filter);
  const [chosen, setChosen] = useState<string>();
  // mounted only while open
  const returnFocus = useRestoreFocus(true);
  // The first photo is preselected until the administrator picks another.
  const imageUrl = chosen ?? photos.data?.[0]?.imageUrl;
  const noun = kind === 'city' ? 'City' : 'Country';
  const name = target?.name ?? '';
  // The server's own rule; it adds "-2" only if the address is somehow taken.
  const slug = slugify(name);
  // What happens next depends on the server's AI model: promise only that.
  const noModel = useModelConfigured() === false;

  return (
    <Dialog open={target !== undefined} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl" onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>Add {noun}</DialogTitle>
          <DialogDescription>
            {kind === 'city' ? `${name}, ${target?.country ?? ''}` : name}: choose the photo that represents it.
          </DialogDescription>
        </DialogHeader>
        <PhotoPicker
          photos={photos.data}
          loading={photos.isPending && photos.fetchStatus !== 'idle'}
          error={photos.isError}
          value={imageUrl}
          onChange={setChosen}
        />
        <div className="rounded-xl border border-brand-100 bg-brand-50 p-4 text-sm text-slate-700">
          <p className="mb-2 flex items-center gap-2 font-medium text-brand-900">
            <Sparkles className="size-4" aria-hidden="true" /> What happens next
          </p>
          <ul className="list-disc space-y-1 pl-5">
            {noModel ? (
              <>
                <li>
                  A one-line description of {name} is written from its name{kind === 'city' ? ' and country' : ''}:
                  change it in Edit whenever you like.
                </li>
                <li>
                  No AI model is connected, so nothing is translated: Español, Deutsch, Français and 中文 show the
                  English until you write them in Languages.
                </li>
              </>
            ) : (
              <>
                <li>An AI description of {name} is generated.</li>
                <li>
                  The name and description are translated into all languages (Español, Deutsch, Français, 中文); the
                  language badges show each one as it is ready.
                </li>
              </>
            )}
            {kind === 'city' ? (
              <li>
                The city becomes reachable at <code className="rounded bg-white px-1">/{slug || 'city-name'}</code> in
                every language, e.g. <code className="rounded bg-white px-1">/en/{slug || 'city-name'}</code>.
              </li>
            ) : (
              <li>The country becomes available in the system, with its page and its cities.</li>
            )}
          </ul>
        </div>
        <p role="status" className="text-sm text-slate-600 empty:hidden">
          {pending ? `Creating ${name}…` : ''}
        </p>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => imageUrl && onCreate(imageUrl)} disabled={!imageUrl || pending}>
            {pending ? (
              <>
                <Loader2 className="animate-spin" aria-hidden="true" /> Creating...
              </>
            ) : (
              `Create ${noun}`
            )}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
