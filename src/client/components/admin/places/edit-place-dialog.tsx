import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, type FieldError, type UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import { updatePlaceRequest, type AdminPlaceDto, type UpdatePlaceRequest } from '../../../../shared/api/admin-places';
import { languageList } from '../../../../shared/language-list';
import type { LanguageCode } from '../../../../shared/languages';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/dialog';
import { Input, Label, Textarea } from '../../ui/input';
import { toast } from '../../ui/toaster';
import { ApiError } from '../../../lib/api';
import { toDateInputValue } from './place-date';
import { useUpdatePlace } from './use-admin-places';
import { useRestoreFocus } from '../../ui/use-restore-focus';

type FormInput = z.input<typeof updatePlaceRequest>;

interface FieldProps {
  label: string;
  error: FieldError | undefined;
  registration: UseFormRegisterReturn;
  multiline?: boolean;
  type?: string;
}

function Field({ label, error, registration, multiline, type = 'text' }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const shared = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    'aria-required': true,
    ...registration,
  };
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {multiline ? <Textarea rows={4} {...shared} /> : <Input type={type} {...shared} />}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error.message}
        </p>
      )}
    </div>
  );
}

/**
 * Tells the administrator what the new text means for the translations: they are kept (visitors
 * keep reading them) and marked outdated, and either a job translates them again or Translate will.
 */
function outdatedNote(codes: readonly LanguageCode[], queued: boolean): string | undefined {
  if (codes.length === 0) return undefined;
  const one = codes.length === 1;
  const what = `The ${languageList(codes)} ${one ? 'translation was' : 'translations were'} made from the old text: ${one ? 'it is' : 'they are'} kept and marked outdated.`;
  return queued
    ? `${what} ${one ? 'It is' : 'They are'} being translated again.`
    : `${what} Use Translate to bring ${one ? 'it' : 'them'} up to date.`;
}

function EditPlaceForm({ place, onDone }: { place: AdminPlaceDto; onDone: () => void }) {
  const update = useUpdatePlace();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormInput, unknown, UpdatePlaceRequest>({
    resolver: zodResolver(updatePlaceRequest),
    defaultValues: {
      title: place.title,
      description: place.description,
      location: place.location,
      country: place.country,
      imageUrl: place.imageUrl,
      date: toDateInputValue(place.date),
    },
  });

  const save = handleSubmit((body) => {
    update.mutate(
      { id: place.id, body },
      {
        onSuccess: ({ outdatedTranslations, translationQueued }) => {
          toast.success('Place updated successfully', {
            description: outdatedNote(outdatedTranslations, translationQueued),
          });
          onDone();
        },
        onError: (error) =>
          toast.error('Error', {
            description: (error instanceof ApiError && error.serverMessage) || 'Failed to update place',
          }),
      },
    );
  });

  return (
    <form onSubmit={(event) => void save(event)} noValidate className="flex flex-col gap-4">
      <Field label="Title" error={errors.title} registration={register('title')} />
      <Field label="Description" error={errors.description} registration={register('description')} multiline />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Location" error={errors.location} registration={register('location')} />
        <Field label="Country" error={errors.country} registration={register('country')} />
      </div>
      <Field label="Image URL" error={errors.imageUrl} registration={register('imageUrl')} type="text" />
      <Field label="Date" error={errors.date} registration={register('date')} type="date" />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Edit Place (spec section 2): the six required fields, validated by the shared schema. */
export function EditPlaceDialog({ place, onClose }: { place: AdminPlaceDto | undefined; onClose: () => void }) {
  const restoreFocus = useRestoreFocus(place !== undefined);
  return (
    <Dialog open={place !== undefined} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl" onCloseAutoFocus={restoreFocus}>
        <DialogHeader>
          <DialogTitle>Edit Place</DialogTitle>
          <DialogDescription>Update the details visitors see for this place.</DialogDescription>
        </DialogHeader>
        {/* keyed by place so the form starts from that place's values every time it opens */}
        {place && <EditPlaceForm key={place.id} place={place} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}
