import { Loader2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/dialog';
import { Input, Label, Textarea } from '../../ui/input';
import { useRestoreFocus } from '../../ui/use-restore-focus';
import { PhotoPicker } from './photo-picker';
import { usePhotoChoices } from './use-areas-admin';

export interface EditField<K extends string> {
  name: K;
  label: string;
  /** Rows of a multi-line field; single line when omitted. */
  rows?: number;
  /** The field holds a photo address, chosen among the photos of the entity's places (no typing). */
  photo?: boolean;
  /** A sentence under the field. */
  hint?: string;
}

/** What the Web address field of Edit Place, Edit City and Edit Country says. */
export const WEB_ADDRESS_HINT =
  "The page's address after /en/. The old address keeps working: it forwards to the new one.";

interface EditAreaDialogProps<K extends string> {
  title: string;
  description: string;
  fields: readonly EditField<K>[];
  initial: Record<K, string>;
  /** Whose places' photos a photo field offers (as Add City / Add Country does). */
  photoFilter?: { location?: string; country: string };
  pending: boolean;
  onClose: () => void;
  onSave: (values: Record<K, string>) => void;
}

/**
 * Edit City / Edit Country. No validation in the browser here (docs/product.md §2.5.5): the server checks the
 * values and its sentence shows in the error toast. Mount it with a key per entity so the form
 * starts from that entity's values.
 */
export function EditAreaDialog<K extends string>({
  title,
  description,
  fields,
  initial,
  photoFilter,
  pending,
  onClose,
  onSave,
}: EditAreaDialogProps<K>) {
  const [values, setValues] = useState(initial);
  const hasPhoto = fields.some((field) => field.photo);
  const photos = usePhotoChoices(hasPhoto ? photoFilter : undefined);
  const idPrefix = useId();
  // mounted only while open
  const returnFocus = useRestoreFocus(true);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSave(values);
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className={hasPhoto ? 'sm:max-w-xl' : undefined} onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          {fields.map((field) => {
            const id = `${idPrefix}-${field.name}`;
            if (field.photo) {
              const current = initial[field.name];
              // The photo it has now stays a choice, even when no place shows it any more.
              const choices =
                photos.data && current && !photos.data.some((photo) => photo.imageUrl === current)
                  ? [{ imageUrl: current, title: 'Current photo' }, ...photos.data]
                  : photos.data;
              return (
                <PhotoPicker
                  key={field.name}
                  photos={choices}
                  loading={photos.isPending && photos.fetchStatus !== 'idle'}
                  error={photos.isError}
                  value={values[field.name]}
                  onChange={(imageUrl) => setValues((values) => ({ ...values, [field.name]: imageUrl }))}
                />
              );
            }
            const props = {
              id,
              name: field.name,
              value: values[field.name],
              'aria-describedby': field.hint ? `${id}-hint` : undefined,
              onChange: (e: { target: { value: string } }) =>
                setValues((current) => ({ ...current, [field.name]: e.target.value })),
            };
            return (
              <div key={field.name} className="flex flex-col gap-1.5">
                <Label htmlFor={id}>{field.label}</Label>
                {field.rows ? <Textarea rows={field.rows} {...props} /> : <Input {...props} />}
                {field.hint && (
                  <p id={`${id}-hint`} className="text-xs text-slate-500">
                    {field.hint}
                  </p>
                )}
              </div>
            );
          })}
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? (
                <>
                  <Loader2 className="animate-spin" aria-hidden="true" /> Saving...
                </>
              ) : (
                'Save Changes'
              )}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
