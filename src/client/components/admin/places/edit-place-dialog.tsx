import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import {
  useForm,
  useWatch,
  type Control,
  type FieldError,
  type FieldErrors,
  type UseFormRegister,
  type UseFormRegisterReturn,
  type UseFormSetValue,
} from 'react-hook-form';
import type { z } from 'zod';
import { updatePlaceRequest, type AdminPlaceDto, type UpdatePlaceRequest } from '@/shared/api/admin-places';
import { languageList } from '@/shared/language-list';
import type { LanguageCode } from '@/shared/languages';
import { Button } from '../../ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle, StateDialog } from '../../ui/dialog';
import { Input, Label, Textarea } from '../../ui/input';
import { toast } from '../../ui/toaster';
import { errorText } from '@/client/lib/api';
import { cn } from '@/client/lib/utils';
import { isoDate } from '@/client/lib/format-date';
import { useGallery, useUpdatePlace } from './use-admin-places';
import { imageAttributes } from '@/shared/media';
import { CityCombobox } from '../upload/city-combobox';
import { WEB_ADDRESS_HINT } from '../areas/edit-area-dialog';
import { VisitFactsForm } from './visit-facts-form';
import { PlaceThemesField } from './place-themes-field';

type FormInput = z.input<typeof updatePlaceRequest>;

interface FieldProps {
  label: string;
  inputMode?: 'decimal';
  error: FieldError | undefined;
  registration: UseFormRegisterReturn;
  /** Rows of a multi-line field; a one-line input without. */
  rows?: number;
  type?: string;
  optional?: boolean;
  hint?: string;
}

function Field({ label, error, registration, rows, type = 'text', optional, hint, inputMode }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const described = [hint && hintId, error && errorId].filter(Boolean).join(' ');
  const shared = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described || undefined,
    'aria-required': optional ? undefined : true,
    ...registration,
  };
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>
        {label}
        {optional && <span className="font-normal text-slate-500"> (optional)</span>}
      </Label>
      {rows ? <Textarea rows={rows} {...shared} /> : <Input type={type} inputMode={inputMode} {...shared} />}
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
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
function outdatedNote(langs: readonly LanguageCode[], queued: boolean): string | undefined {
  if (langs.length === 0) return undefined;
  const one = langs.length === 1;
  const what = `The ${languageList(langs)} ${one ? 'translation was' : 'translations were'} made from the old text: ${one ? 'it is' : 'they are'} kept and marked outdated.`;
  return queued
    ? `${what} ${one ? 'It is' : 'They are'} being translated again.`
    : `${what} Use Translate to bring ${one ? 'it' : 'them'} up to date.`;
}

/**
 * The cover: the current picture and the place's gallery photos as choices (no address to type).
 * Choosing a gallery photo makes it the cover; the old cover then takes its place in the gallery.
 */
function CoverPicker({
  place,
  control,
  registration,
  error,
}: {
  place: AdminPlaceDto;
  control: Control<FormInput, unknown, UpdatePlaceRequest>;
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
}) {
  const gallery = useGallery(place.id);
  const chosen = useWatch({ control, name: 'imageUrl' });
  const choices = [place.imageUrl, ...(gallery.data ?? []).map((image) => image.imageUrl)];
  const errorId = useId();
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">Cover photo</legend>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-busy={gallery.isPending}>
        {choices.map((url, index) => (
          <li key={url}>
            <label
              className={cn(
                'relative block cursor-pointer overflow-hidden rounded-lg border-2 border-transparent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                chosen === url && 'border-brand-600',
              )}
            >
              <input type="radio" value={url} {...registration} className="peer sr-only" />
              <img
                {...imageAttributes(url, '120px')}
                alt={index === 0 ? 'Current cover' : `Gallery photo ${index}`}
                className="aspect-[4/3] w-full bg-slate-100 object-cover"
              />
              <span className="absolute inset-x-0 bottom-0 hidden bg-brand-600 px-1.5 py-0.5 text-center text-xs font-medium text-white peer-checked:block">
                Cover
              </span>
            </label>
          </li>
        ))}
      </ul>
      <p className="text-xs text-slate-500">
        {gallery.isError
          ? 'The gallery could not be loaded; the current cover stays.'
          : choices.length === 1
            ? 'Add photos in the Gallery to choose another cover.'
            : 'The photo chosen here leads the place page; the old cover moves into the gallery.'}
      </p>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error.message}
        </p>
      )}
    </fieldset>
  );
}

/** An empty field sends nothing (the value stays as it is); anything else is read as a number. */
const optionalNumber = (value: unknown) =>
  typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value.trim())) : value;
/** An empty web address sends nothing: the address stays as it is. */
const optionalText = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** The two coordinate fields, both optional numbers. */
const COORDINATES = [
  { name: 'latitude', label: 'Latitude', hint: 'From -90 to 90, e.g. 38.80097.' },
  { name: 'longitude', label: 'Longitude', hint: 'From -180 to 180, e.g. -9.37826.' },
] as const;

/** A typed coordinate as the form holds it (text while typing, a number from the defaults), or undefined. */
const typedNumber = (value: unknown) => {
  const number = optionalNumber(value);
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
};

/**
 * What saving will do with the map position, said before saving: it stays (a town chosen or typed
 * changes only the town's name: the position is where the photo was taken), or it moves to the
 * coordinates typed.
 */
function positionNote(saved: { latitude: number | null; longitude: number | null }, typed: unknown[]): string {
  const [latitude, longitude] = typed.map(typedNumber);
  const moved =
    latitude !== undefined && longitude !== undefined && (latitude !== saved.latitude || longitude !== saved.longitude);
  if (moved) return `Saving moves the place on the map to ${latitude}, ${longitude}.`;
  if (saved.latitude === null || saved.longitude === null)
    return 'This place has no map position. Type its coordinates to put it on the map.';
  return `The map position stays at ${saved.latitude}, ${saved.longitude}, where the photo was taken: choosing a town changes only the town's name. Type new coordinates to move it.`;
}

/**
 * Where the place is: a town from the offline gazetteer fills location and country; each can still
 * be typed. The map position belongs to the photo: it changes only when coordinates are typed (both
 * or neither; left empty, they stay), and the note under them says which saving will do.
 */
function WhereFieldset({
  place,
  control,
  register,
  setValue,
  errors,
}: {
  place: AdminPlaceDto;
  control: Control<FormInput, unknown, UpdatePlaceRequest>;
  register: UseFormRegister<FormInput>;
  setValue: UseFormSetValue<FormInput>;
  errors: FieldErrors<FormInput>;
}) {
  const options = { shouldDirty: true, shouldValidate: true } as const;
  const typed = useWatch({ control, name: ['latitude', 'longitude'] });
  return (
    <fieldset className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-medium text-slate-800">Where</legend>
      <CityCombobox
        onChoose={(city) => {
          setValue('location', city.name, options);
          setValue('country', city.country, options);
        }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Location" error={errors.location} registration={register('location')} />
        <Field label="Country" error={errors.country} registration={register('country')} />
        {COORDINATES.map(({ name, label, hint }) => (
          <Field
            key={name}
            label={label}
            error={errors[name]}
            registration={register(name, { setValueAs: optionalNumber })}
            inputMode="decimal"
            optional
            hint={hint}
          />
        ))}
      </div>
      <p className="text-sm text-slate-700" aria-live="polite">
        {positionNote(place, typed)}
      </p>
    </fieldset>
  );
}

function EditPlaceForm({ place, onDone }: { place: AdminPlaceDto; onDone: () => void }) {
  const update = useUpdatePlace();
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors },
  } = useForm<FormInput, unknown, UpdatePlaceRequest>({
    resolver: zodResolver(updatePlaceRequest),
    defaultValues: {
      title: place.title,
      description: place.description,
      fullDescription: place.fullDescription ?? '',
      location: place.location,
      country: place.country,
      imageUrl: place.imageUrl,
      date: isoDate(place.date) ?? '',
      latitude: place.latitude ?? undefined,
      longitude: place.longitude ?? undefined,
      slug: place.slug ?? '',
    },
  });

  const save = handleSubmit((body) => {
    update.mutate(
      { id: place.id, body },
      {
        onSuccess: ({ outdatedTranslations, translationQueued }) => {
          // Outdated translations that nothing is bringing up to date: saved, but only partly done.
          const partial = outdatedTranslations.length > 0 && !translationQueued;
          (partial ? toast.warning : toast.success)('Place updated successfully', {
            description: outdatedNote(outdatedTranslations, translationQueued),
          });
          onDone();
        },
        onError: (error) =>
          toast.error('Error', {
            description: errorText(error, 'Failed to update place'),
          }),
      },
    );
  });

  return (
    <form onSubmit={(event) => void save(event)} noValidate className="flex flex-col gap-4">
      <Field label="Title" error={errors.title} registration={register('title')} />
      <Field
        label="Description"
        error={errors.description}
        registration={register('description')}
        rows={4}
        hint="The summary on cards and in search results."
      />
      <Field
        label="Full article"
        error={errors.fullDescription}
        registration={register('fullDescription')}
        rows={10}
        optional
        hint="The text of the place page. Left empty, the page shows the description."
      />
      <WhereFieldset place={place} control={control} register={register} setValue={setValue} errors={errors} />
      <Field
        label="Web address"
        error={errors.slug}
        registration={register('slug', { setValueAs: optionalText })}
        optional
        hint={WEB_ADDRESS_HINT}
      />
      <CoverPicker place={place} control={control} registration={register('imageUrl')} error={errors.imageUrl} />
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

/**
 * Edit Place (docs/product.md §2.5.4): the six required fields, validated by the shared schema, plus the
 * full article, where the place is (town search and coordinates) and its web address; the image is
 * chosen among the place's photos instead of typed as an address.
 */
export function EditPlaceDialog({ place, onClose }: { place: AdminPlaceDto | undefined; onClose: () => void }) {
  return (
    <StateDialog open={place !== undefined} onClose={onClose} className="sm:max-w-2xl">
      <DialogHeader>
        <DialogTitle>Edit Place</DialogTitle>
        <DialogDescription>Update the details visitors see for this place.</DialogDescription>
      </DialogHeader>
      {/* keyed by place so the form starts from that place's values every time it opens */}
      {place && <PlaceThemesField key={`themes-${place.id}`} placeId={place.id} />}
      {place && <EditPlaceForm key={place.id} place={place} onDone={onClose} />}
      {place && <VisitFactsForm key={`visit-${place.id}`} place={place} />}
    </StateDialog>
  );
}
