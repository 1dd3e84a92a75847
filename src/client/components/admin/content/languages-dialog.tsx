import { Bot, CircleCheck, History, Languages, PenLine } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { areaTextBody, placeTextBody, type AreaContentDto, type PlaceContentDto } from '@/shared/api/content-editor';
import type { ContentStatus } from '@/shared/api/written-text';
import { LANGUAGES, type LanguageCode } from '@/shared/languages';
import { errorText } from '@/client/lib/api';
import { cn } from '@/client/lib/utils';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DialogDescription, DialogHeader, DialogTitle, StateDialog } from '../../ui/dialog';
import { HistoryDialog } from '../revisions/history-dialog';
import { NO_MODEL_NOTE_ID, NoModelNote } from '../no-model-note';
import { useModelConfigured } from '../publishing/use-publishing';
import { Skeleton } from '../../ui/form-controls';
import { toast } from '../../ui/toaster';
import { ChangeNote } from './change-note';
import { ItemsEditor, type ItemsShape } from './items-editor';
import { TextForm, type TextField } from './text-form';
import { VisitTextsPanel } from './visit-texts-panel';
import { useContent, useSaveContent, type ContentChange, type ContentTarget } from './use-content';

/** The admin address of each kind's history. */
const HISTORY_COLLECTION = { place: 'places', city: 'cities', country: 'countries' } as const;

const PLACE_FIELDS: TextField[] = [
  { key: 'title', label: 'Title' },
  { key: 'description', label: 'Short description', rows: 3 },
  { key: 'fullDescription', label: 'Full article', rows: 8, optional: true },
  { key: 'location', label: 'Location' },
  { key: 'country', label: 'Country' },
];
const AREA_FIELDS: TextField[] = [
  { key: 'name', label: 'Name' },
  { key: 'description', label: 'Description', rows: 6 },
];
const HISTORY: ItemsShape = {
  noun: 'event',
  first: { key: 'year', label: 'Year' },
  second: { key: 'description', label: 'What happened' },
};
const TRIVIA: ItemsShape = {
  noun: 'fact',
  first: { key: 'question', label: 'Question' },
  second: { key: 'answer', label: 'Answer' },
};

type Entry = {
  languageCode: LanguageCode;
  status: ContentStatus;
  origin: 'machine' | 'person' | null;
  content: unknown;
  basedOn: unknown;
  /** Text only: whether a person has reviewed it; null when missing. */
  reviewed?: boolean | null;
};

/** Stored text as form values: every field a string ('' for none). */
const asValues = (content: unknown, fields: TextField[]): Record<string, string> =>
  Object.fromEntries(
    fields.map((f) => {
      const value = (content as Record<string, unknown> | null)?.[f.key];
      return [f.key, typeof value === 'string' ? value : ''];
    }),
  );
const asItems = (content: unknown) => ((content as Array<Record<string, string>> | null) ?? []).map((i) => ({ ...i }));
const itemsText = (items: unknown, shape: ItemsShape) =>
  asItems(items)
    .map((item) => `${item[shape.first.key]}: ${item[shape.second.key]}`)
    .join('\n');

/** One short line on who wrote a language and what that means. */
function originLine(entry: Entry): string {
  if (entry.status === 'source') return 'The original. Saving a change here makes the other languages outdated.';
  if (entry.status === 'missing') return 'Not written yet: visitors read the English. Write it here.';
  const who =
    entry.origin === 'person'
      ? 'Written by hand: machine translation never replaces it.'
      : 'Written by machine translation. Saving your own text here marks it as written by hand.';
  return entry.status === 'outdated' ? `${who} The English has changed since.` : who;
}

function StatusMark({ entry, partsWritten }: { entry: Entry; partsWritten: boolean }) {
  const label =
    entry.status === 'source'
      ? 'original'
      : entry.status === 'missing'
        ? // the tab names the text; its history or trivia may be written all the same
          partsWritten
          ? 'text missing'
          : 'missing'
        : `${entry.origin === 'person' ? 'by hand' : 'machine'}${entry.status === 'outdated' ? ', outdated' : ''}`;
  const review = entry.reviewed === false ? ', not reviewed' : '';
  return (
    <span
      className={cn(
        'text-[0.7rem] font-normal',
        entry.status === 'outdated'
          ? 'text-amber-800'
          : entry.status === 'missing'
            ? 'text-slate-500'
            : 'text-slate-600',
      )}
    >
      {label}
      {review}
    </span>
  );
}

/** One part of a language (its text, history or trivia): who wrote it, what changed, and its editor. */
function PartPanel({
  title,
  entry,
  changes,
  nothingToTranslate = false,
  children,
}: {
  title?: string;
  entry: Entry;
  /** The English part has no items and neither has this language: there is nothing to translate. */
  nothingToTranslate?: boolean;
  changes: Array<{ label: string; before: string; after: string }> | null;
  children: React.ReactNode;
}) {
  return (
    <section className="flex flex-col gap-3" aria-label={title}>
      {title && <h3 className="text-base font-semibold text-slate-900">{title}</h3>}
      <p className="flex items-center gap-1.5 text-sm text-slate-600">
        {entry.origin === 'person' ? (
          <PenLine className="size-4 shrink-0" aria-hidden="true" />
        ) : (
          <Bot className="size-4 shrink-0" aria-hidden="true" />
        )}
        {nothingToTranslate
          ? `No ${title?.toLowerCase() ?? 'text'} in English yet, so there is nothing to translate. Add it in English first.`
          : originLine(entry)}
      </p>
      {changes && <ChangeNote changes={changes} />}
      {children}
    </section>
  );
}

/**
 * Text no person has reviewed: visitors see a note on it ("Written with AI", "Machine-translated
 * from English") until the admin reads it and marks it reviewed, or saves their own.
 */
function ReviewBar({
  languageName,
  english,
  pending,
  onReview,
}: {
  languageName: string;
  english: boolean;
  pending: boolean;
  onReview: () => void;
}) {
  const note = english ? 'Written with AI' : 'Machine-translated from English';
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
      <p className="flex-1">
        <strong className="font-semibold">Not reviewed yet.</strong> Visitors see “{note}” on this {languageName} text.
        Read it, correct it if needed, then mark it reviewed.
      </p>
      <Button type="button" variant="outline" size="sm" disabled={pending} onClick={onReview}>
        <CircleCheck aria-hidden="true" /> Mark reviewed
      </Button>
    </div>
  );
}

function LanguagePanel({
  target,
  content,
  lang,
}: {
  target: ContentTarget;
  content: PlaceContentDto | AreaContentDto;
  lang: LanguageCode;
}) {
  const save = useSaveContent(target);
  const [confirming, setConfirming] = useState(false);
  const language = LANGUAGES.find((l) => l.code === lang)!;
  const isPlace = target.kind === 'place';
  const noModel = useModelConfigured() === false;
  const fields = isPlace ? PLACE_FIELDS : AREA_FIELDS;
  const text = content.text.find((l) => l.languageCode === lang)! as Entry;
  const englishText = content.text[0]!.content;
  const english = lang === 'en' ? null : asValues(englishText, fields);

  const run = (change: ContentChange) =>
    save.mutate(change, {
      onSuccess: (saved) => toast.success(saved.message),
      onError: (error) => toast.error('Not saved', { description: errorText(error, 'Please try again.') }),
    });

  const textChanges =
    text.status === 'outdated' && text.basedOn
      ? fields.map((f) => ({
          label: f.label,
          before: asValues(text.basedOn, fields)[f.key]!,
          after: english?.[f.key] ?? '',
        }))
      : null;

  const parts = isPlace
    ? ([
        ['History', HISTORY, 'history', (content as PlaceContentDto).history],
        ['Trivia', TRIVIA, 'facts', (content as PlaceContentDto).facts],
      ] as const)
    : [];

  return (
    <div className="flex flex-col gap-6">
      <PartPanel entry={text} changes={textChanges}>
        {text.reviewed === false && (
          <ReviewBar
            languageName={language.name}
            english={lang === 'en'}
            pending={save.isPending}
            onReview={() => run({ what: 'review', lang })}
          />
        )}
        <TextForm
          key={JSON.stringify(text.content)}
          fields={fields}
          initial={asValues(text.content, fields)}
          english={english}
          lang={lang}
          languageName={language.name}
          schema={isPlace ? placeTextBody : areaTextBody}
          pending={save.isPending}
          onSave={(values) => run({ what: 'text', lang, body: values as never })}
        />
      </PartPanel>
      {parts.map(([title, shape, what, entries]) => {
        const entry = entries.find((l) => l.languageCode === lang)! as Entry;
        const englishItems = entries[0]!.content;
        const changes =
          entry.status === 'outdated' && entry.basedOn
            ? [{ label: title, before: itemsText(entry.basedOn, shape), after: itemsText(englishItems, shape) }]
            : null;
        return (
          <PartPanel
            key={what}
            title={title}
            entry={entry}
            changes={changes}
            nothingToTranslate={
              lang !== 'en' && asItems(englishItems).length === 0 && asItems(entry.content).length === 0
            }
          >
            <ItemsEditor
              key={JSON.stringify(entry.content)}
              shape={shape}
              initial={asItems(entry.content)}
              english={lang === 'en' ? null : asItems(englishItems)}
              lang={lang}
              languageName={language.name}
              saveLabel={`Save ${language.name} ${title.toLowerCase()}`}
              pending={save.isPending}
              onSave={(items) =>
                run(
                  what === 'history'
                    ? { what, lang, body: { events: items as never } }
                    : { what, lang, body: { facts: items as never } },
                )
              }
            />
          </PartPanel>
        );
      })}
      {isPlace && lang !== 'en' && <VisitTextsPanel placeId={target.id} lang={lang} languageName={language.name} />}
      {lang !== 'en' && (
        <div className="flex flex-col gap-2 border-t border-slate-200 pt-4">
          {noModel ? (
            <NoModelNote actions="Translate again by machine" />
          ) : (
            <p className="text-sm text-slate-600">
              Let the AI model translate {language.name} again from the current English
              {isPlace ? ' (text, history and trivia)' : ''}.
            </p>
          )}
          <div>
            <Button
              type="button"
              variant="outline"
              disabled={save.isPending || noModel}
              aria-describedby={noModel ? NO_MODEL_NOTE_ID : undefined}
              onClick={() => (text.origin === 'person' ? setConfirming(true) : run({ what: 'machine', lang }))}
            >
              <Languages aria-hidden="true" /> Translate again by machine
            </Button>
          </div>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={`Replace the ${language.name} written by hand?`}
            message={`A machine translation of the current English will replace the ${language.name} text written by hand. This cannot be undone.`}
            confirmLabel="Translate by machine"
            pending={save.isPending}
            onConfirm={() => {
              setConfirming(false);
              run({ what: 'machine', lang });
            }}
          />
        </div>
      )}
    </div>
  );
}

/** Whether a place's history or trivia in `lang` has items (a city or country has no parts). */
const partsWritten = (data: PlaceContentDto | AreaContentDto, lang: LanguageCode) =>
  'history' in data &&
  [data.history, data.facts].some(
    (entries) => asItems(entries.find((e) => e.languageCode === lang)?.content ?? null).length > 0,
  );

/** The name of what the dialog edits as it is now (a rename shows at once), else the name it was opened with. */
function CurrentName({ target }: { target: ContentTarget }) {
  const english = useContent(target).data?.text[0]?.content as { title?: string; name?: string } | null | undefined;
  return <>{english?.title ?? english?.name ?? target.name}</>;
}

function LanguagesEditor({ target }: { target: ContentTarget }) {
  const content = useContent(target);
  if (content.isPending) return <Skeleton className="h-64" />;
  if (content.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorText(content.error, 'The languages could not be loaded.')} Close this window and try again.
      </p>
    );
  }
  const data = content.data;
  return (
    <Tabs.Root defaultValue="en" className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">{data.translatedPagesAppear}</p>
      <Tabs.List aria-label="Languages" className="flex flex-wrap gap-1 border-b border-slate-200">
        {data.text.map((entry) => {
          const language = LANGUAGES.find((l) => l.code === entry.languageCode)!;
          return (
            <Tabs.Trigger
              key={entry.languageCode}
              value={entry.languageCode}
              className="-mb-px flex flex-col items-start rounded-t-md border-b-2 border-transparent px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=active]:border-brand-600 data-[state=active]:text-brand-800"
            >
              <span lang={entry.languageCode}>{language.nativeName}</span>
              <StatusMark entry={entry} partsWritten={partsWritten(data, entry.languageCode)} />
            </Tabs.Trigger>
          );
        })}
      </Tabs.List>
      {data.text.map((entry) => (
        <Tabs.Content key={entry.languageCode} value={entry.languageCode} className="focus-visible:outline-none">
          <LanguagePanel target={target} content={data} lang={entry.languageCode} />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

/**
 * The editor's desk for one place, city or country: every language, written or corrected by hand,
 * with the English beside it and what changed in the English since a language was written.
 */
export function LanguagesDialog({ target, onClose }: { target: ContentTarget | undefined; onClose: () => void }) {
  const [historyOpen, setHistoryOpen] = useState(false);
  return (
    <StateDialog open={target !== undefined} onClose={onClose} className="sm:max-w-3xl">
      <DialogHeader>
        <DialogTitle>Languages: {target && <CurrentName target={target} />}</DialogTitle>
        <DialogDescription>
          Write or correct every language. What you write is marked as written by hand, and machine translation never
          replaces it.
        </DialogDescription>
        {target && (
          <div>
            <Button
              variant="outline"
              size="sm"
              aria-label={`Versions of ${target.name}`}
              onClick={() => setHistoryOpen(true)}
            >
              <History aria-hidden="true" /> Versions
            </Button>
          </div>
        )}
      </DialogHeader>
      {target && <LanguagesEditor key={`${target.kind}-${target.id}`} target={target} />}
      <HistoryDialog
        target={
          historyOpen && target
            ? { collection: HISTORY_COLLECTION[target.kind], id: target.id, name: target.name }
            : undefined
        }
        onClose={() => setHistoryOpen(false)}
      />
    </StateDialog>
  );
}
