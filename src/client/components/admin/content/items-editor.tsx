import { Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../ui/button';
import { Input, Label, Textarea } from '../../ui/input';
import { MoveButtons, RemoveButton } from '../card-actions';

/** A list the editor writes item by item: history events (year, event) or trivia facts (question, answer). */
export interface ItemsShape {
  /** "event", "fact": in button names ("Add event", "Remove event 2"). */
  noun: string;
  first: { key: string; label: string };
  second: { key: string; label: string };
}

type Item = Record<string, string>;

interface ItemsEditorProps {
  shape: ItemsShape;
  initial: Item[];
  /** The English list beside the editor, for reference; none on the English tab. */
  english: Item[] | null;
  lang: string;
  languageName: string;
  /** "Save German history". */
  saveLabel: string;
  pending: boolean;
  onSave: (items: Item[]) => void;
}

/**
 * Add, edit, remove and reorder the items of a list. Reordering uses buttons (Move up, Move down),
 * so it works with a keyboard and a screen reader, not only with a pointer. Empty items are refused
 * with a message under the list; saving an empty list removes it.
 */
export function ItemsEditor({
  shape,
  initial,
  english,
  lang,
  languageName,
  saveLabel,
  pending,
  onSave,
}: ItemsEditorProps) {
  const id = useId();
  const [items, setItems] = useState<Item[]>(initial);
  const [error, setError] = useState<string>();
  const { noun, first, second } = shape;
  /** "Event", "Fact": the noun starting a sentence or a legend. */
  const Noun = `${noun[0]!.toUpperCase()}${noun.slice(1)}`;

  const update = (index: number, key: string, value: string) =>
    setItems((current) => current.map((item, i) => (i === index ? { ...item, [key]: value } : item)));
  /** What an item's field (its `which` one, "a" or "b") needs: an id for its label, its language, value and edits. */
  const fieldProps = (item: Item, index: number, which: 'a' | 'b', key: string) => ({
    id: `${id}-${index}-${which}`,
    lang,
    value: item[key] ?? '',
    onChange: (event: { target: { value: string } }) => update(index, key, event.target.value),
  });
  const move = (index: number, by: number) =>
    setItems((current) => {
      const next = [...current];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      return next;
    });

  function submit(event: FormEvent) {
    event.preventDefault();
    const blank = items.findIndex((item) => !item[first.key]?.trim() || !item[second.key]?.trim());
    if (blank >= 0) {
      setError(`${Noun} ${blank + 1} is incomplete: fill in both fields or remove it.`);
      return;
    }
    setError(undefined);
    onSave(items.map((item) => ({ [first.key]: item[first.key]!.trim(), [second.key]: item[second.key]!.trim() })));
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      {english && english.length > 0 && (
        <details className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">
          <summary className="cursor-pointer font-medium">English ({english.length})</summary>
          <ol lang="en" className="mt-2 list-decimal pl-5">
            {english.map((item, index) => (
              <li key={index}>
                <span className="font-medium">{item[first.key]}</span> – {item[second.key]}
              </li>
            ))}
          </ol>
        </details>
      )}
      {items.length === 0 && (
        <p className="text-sm text-slate-600">
          No {noun}s yet in {languageName}.
        </p>
      )}
      <ol className="flex flex-col gap-3">
        {items.map((item, index) => {
          const n = index + 1;
          return (
            <li key={index} className="rounded-lg border border-slate-200 p-3">
              <fieldset className="flex flex-col gap-2">
                <legend className="text-sm font-medium text-slate-800">
                  {Noun} {n}
                </legend>
                <div className="flex flex-col gap-1">
                  <Label htmlFor={`${id}-${index}-a`}>{first.label}</Label>
                  <Input {...fieldProps(item, index, 'a', first.key)} />
                </div>
                <div className="flex flex-col gap-1">
                  <Label htmlFor={`${id}-${index}-b`}>{second.label}</Label>
                  <Textarea {...fieldProps(item, index, 'b', second.key)} rows={2} />
                </div>
                <div className="flex flex-wrap gap-2">
                  <MoveButtons
                    what={`${noun} ${n}`}
                    first={index === 0}
                    last={index === items.length - 1}
                    onMove={(direction) => move(index, direction)}
                  />
                  <RemoveButton
                    label={`Remove ${noun} ${n}`}
                    text="Remove"
                    onClick={() => setItems((current) => current.filter((_, i) => i !== index))}
                  />
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap justify-between gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() => setItems((current) => [...current, { [first.key]: '', [second.key]: '' }])}
        >
          <Plus aria-hidden="true" /> Add {noun}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : saveLabel}
        </Button>
      </div>
    </form>
  );
}
