import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { DeleteAreaResponse } from '@/shared/api/admin-areas';
import { translationPending, type TranslationStateDto } from '@/shared/api/translation-status';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { toast } from '../../ui/toaster';
import { useUndoDelete } from '../undo-delete';
import { AdminLayout } from '../admin-layout';
import { AddAreaDialog } from './add-area-dialog';
import { EditAreaDialog, type EditField } from './edit-area-dialog';
import { ExistingSection } from './existing-section';
import { AdminAreaCard } from './admin-area-card';
import { LanguagesDialog } from '../content/languages-dialog';
import type { ContentTarget } from '../content/use-content';
import { MissingListCard } from './missing-list-card';
import { errorText } from '@/client/lib/api';
import { siteImage } from '@/shared/image-address';
import { DeletePreview } from '../delete-preview';
import { HistoryDialog, type HistoryTarget } from '../revisions/history-dialog';
import { HighlightsDialog, type HighlightsTarget } from '../featured/highlights-dialog';

/** What the page needs of an existing city or country. */
interface AreaEntity {
  id: string;
  name: string;
  country?: string;
  description: string;
  imageUrl: string;
  /** When it was added (ISO), shown when it is about to be deleted. */
  createdAt: string;
  translatedLanguages: readonly string[];
  translations: TranslationStateDto;
}

/** What the server answers to a create or an update, besides the entity (read through idOf, slugOf). */
interface AreaOutcome {
  message: string;
  /** A job writes the description and translations; the list follows it until it is done. */
  translationQueued: boolean;
  /** The text is saved but nothing will translate it: a partial success (warning toast). */
  untranslated: boolean;
}

/** One row of the Missing card, and what creating it sends. */
export interface MissingEntry<CreateBody> {
  /** Identifies the row: the Add buttons hand it back. */
  key: string;
  label: string;
  /** What the Add dialog shows and offers photos for. */
  target: { name: string; country?: string };
  body: (imageUrl: string) => CreateBody;
}

/** What an edit sends: every field, except that a web address (`slug`) may be left out. */
export type EditBody<F extends string> = Record<Exclude<F, 'slug'>, string> &
  Partial<Record<Extract<F, 'slug'>, string>>;

/** Everything that differs between Manage Cities and Manage Countries (docs/product.md §2.5.5). */
export interface AreaAdminKind<
  Entity extends AreaEntity,
  Missing,
  CreateBody,
  Result extends AreaOutcome,
  F extends string,
> {
  kind: 'city' | 'country';
  /** 'City' / 'Cities': every heading, button and toast is built from these. */
  noun: string;
  nounPlural: string;
  /** What deleting keeps, said in the confirmation ("Its places are kept."). */
  keptOnDelete: string;
  fields: readonly EditField<F>[];
  valuesOf: (entity: Entity) => Record<F, string>;
  /** Whose places' photos Edit offers: the city's (location and country) or the country's. */
  photoFilterOf: (entity: Entity) => { location?: string; country: string };
  entryOf: (missing: Missing) => MissingEntry<CreateBody>;
  idOf: (result: Result) => string;
  slugOf: (result: Result) => string;
  useList: () => UseQueryResult<Entity[]>;
  useMissing: () => UseQueryResult<Missing[]>;
  useCreate: () => UseMutationResult<Result, Error, CreateBody>;
  useUpdate: () => UseMutationResult<Result, Error, { id: string; body: EditBody<F> }>;
  useDelete: () => UseMutationResult<DeleteAreaResponse, Error, string>;
}

/** Manage Cities and Manage Countries: missing ones to add, existing ones to edit or delete. */
export function AreasAdminPage<
  Entity extends AreaEntity,
  Missing,
  CreateBody,
  Result extends AreaOutcome,
  F extends string,
>({ config }: { config: AreaAdminKind<Entity, Missing, CreateBody, Result, F> }) {
  const { noun, nounPlural } = config;
  const lower = noun.toLowerCase();
  const lowerPlural = nounPlural.toLowerCase();
  const list = config.useList();
  const missing = config.useMissing();
  const create = config.useCreate();
  const update = config.useUpdate();
  const remove = config.useDelete();
  const undoDelete = useUndoDelete();

  const [adding, setAdding] = useState<MissingEntry<CreateBody>>();
  const [editing, setEditing] = useState<Entity>();
  const [writing, setWriting] = useState<ContentTarget>();
  const [deleting, setDeleting] = useState<Entity>();
  const [historyOf, setHistoryOf] = useState<HistoryTarget>();
  const [highlightsOf, setHighlightsOf] = useState<HighlightsTarget>();
  /** A new entity whose description and translations a job is writing: its outcome gets a toast. */
  const translating = useRef<{ id: string; slug: string }>(undefined);
  const entries = missing.data?.map(config.entryOf);

  function createFrom(imageUrl: string) {
    if (!adding) return;
    create.mutate(adding.body(imageUrl), {
      onSuccess: (result) => {
        setAdding(undefined);
        const description = `${result.message} Its page: /en/${config.slugOf(result)}`;
        // Without a translation job the city exists but its translations do not: a partial success.
        (result.untranslated ? toast.warning : toast.success)(`${noun} created`, { description });
        if (result.translationQueued) translating.current = { id: config.idOf(result), slug: config.slugOf(result) };
      },
      onError: (error) => toast.error('Error', { description: errorText(error, `Failed to create ${lower}`) }),
    });
  }

  // The list refetches while a job waits or runs (see the list hooks); when the new entity's job
  // is over, a toast says it was translated, or why not (docs/product.md §8.5).
  useEffect(() => {
    const pending = translating.current;
    const created = pending && list.data?.find((entity) => entity.id === pending.id);
    if (!pending || !created || translationPending(created.translations)) return;
    translating.current = undefined;
    const failed = created.translations.languages.filter((l) => l.status === 'failed');
    if (failed.length === 0) {
      toast.success(`${noun} created and translated successfully`, {
        description: `${created.name} is translated into every language. Its page: /en/${pending.slug}`,
      });
    } else {
      toast.error('Translation Failed', {
        description: `${created.name} could not be translated into ${failed.length} ${failed.length === 1 ? 'language' : 'languages'}: ${failed[0]!.reason ?? 'no reason given'}`,
      });
    }
  }, [list.data, noun]);

  function save(values: Record<F, string>) {
    if (!editing) return;
    update.mutate(
      { id: editing.id, body: values },
      {
        onSuccess: (result) => {
          setEditing(undefined);
          // Changed text that nothing will translate is a partial success: the toast says so in yellow.
          (result.untranslated ? toast.warning : toast.success)(`${noun} updated successfully`, {
            description: result.message,
          });
        },
        onError: (error) => toast.error('Error', { description: errorText(error, `Failed to update ${lower}`) }),
      },
    );
  }

  function confirmDelete() {
    if (!deleting) return;
    const { id } = deleting;
    remove.mutate(id, {
      onSuccess: (result) => {
        setDeleting(undefined);
        toast.success(`${noun} moved to the trash`, {
          description: result.message,
          action: undoDelete(config.kind, id),
        });
      },
      onError: (error) => {
        setDeleting(undefined);
        toast.error('Error', { description: errorText(error, `Failed to delete ${lower}`) });
      },
    });
  }

  const existing = list.data ?? [];
  return (
    <AdminLayout
      title={`Manage ${nounPlural}`}
      subtitle={`Add the ${lowerPlural} of your places, edit or delete them`}
      backTo="/iladmin/dashboard"
    >
      <title>{`Manage ${nounPlural} · Travel Places`}</title>
      <MissingListCard
        title={`Missing ${nounPlural}`}
        description={`${nounPlural} your places are in that have no ${lower} page yet.`}
        emptyText={`Every ${lower} of your places has a ${lower} page.`}
        addLabel={`Add ${noun}`}
        loading={missing.isPending}
        items={entries?.map(({ key, label }) => ({ key, label }))}
        onAdd={(key) => setAdding(entries?.find((entry) => entry.key === key))}
      />
      <ExistingSection
        title={`Existing ${nounPlural}`}
        count={existing.length}
        loading={list.isPending}
        error={list.isError ? errorText(list.error, list.error.message) : undefined}
        onRetry={() => void list.refetch()}
        emptyText={`No ${lowerPlural} found`}
        emptyHint={`Add one from the missing ${lowerPlural} above.`}
      >
        {existing.map((entity) => (
          <AdminAreaCard
            key={entity.id}
            entity={entity}
            onLanguages={() => setWriting({ kind: config.kind, id: entity.id, name: entity.name })}
            onHistory={() =>
              setHistoryOf({
                collection: config.kind === 'city' ? 'cities' : 'countries',
                id: entity.id,
                name: entity.name,
              })
            }
            onHighlights={() => setHighlightsOf({ scope: config.kind, id: entity.id, name: entity.name })}
            onEdit={() => setEditing(entity)}
            onDelete={() => setDeleting(entity)}
          />
        ))}
      </ExistingSection>

      <AddAreaDialog
        key={adding?.key ?? 'closed'}
        kind={config.kind}
        target={adding?.target}
        pending={create.isPending}
        onClose={() => setAdding(undefined)}
        onCreate={createFrom}
      />
      {editing && (
        <EditAreaDialog
          key={editing.id}
          title={`Edit ${noun}`}
          description={`Change the details of ${editing.name}.`}
          fields={config.fields}
          initial={config.valuesOf(editing)}
          photoFilter={config.photoFilterOf(editing)}
          pending={update.isPending}
          onClose={() => setEditing(undefined)}
          onSave={save}
        />
      )}
      <LanguagesDialog target={writing} onClose={() => setWriting(undefined)} />
      <HistoryDialog target={historyOf} onClose={() => setHistoryOf(undefined)} />
      <HighlightsDialog target={highlightsOf} onClose={() => setHighlightsOf(undefined)} />
      {deleting && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDeleting(undefined)}
          title={`Delete ${lower}?`}
          message={`Are you sure you want to delete "${deleting.name}"? ${config.keptOnDelete}`}
          preview={
            <DeletePreview
              imageUrl={siteImage(deleting.imageUrl)}
              title={deleting.name}
              where={deleting.country}
              date={`Added ${new Date(deleting.createdAt).toLocaleDateString('en-GB', { dateStyle: 'medium' })}`}
            />
          }
          pending={remove.isPending}
          onConfirm={confirmDelete}
        />
      )}
    </AdminLayout>
  );
}
