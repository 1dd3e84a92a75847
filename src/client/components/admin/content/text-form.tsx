import { useId, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { Button } from '../../ui/button';
import { Input, Label, Textarea } from '../../ui/input';

/** One field of a language's text. */
export interface TextField {
  key: string;
  label: string;
  /** Rows of a multi-line field; a one-line input without. */
  rows?: number;
  optional?: boolean;
}

interface TextFormProps {
  fields: TextField[];
  /** The language's text as stored (empty fields when it has none yet). */
  initial: Record<string, string>;
  /** The English source beside each field, for reference; none on the English tab. */
  english: Record<string, string> | null;
  /** The language the fields are written in (their `lang`, so spelling and screen readers follow it). */
  lang: string;
  languageName: string;
  schema: z.ZodType;
  pending: boolean;
  onSave: (values: Record<string, string>) => void;
}

/**
 * A language's text as a form: each field with the English beside it (read-only), checked with the
 * API's own schema before it is sent, each error under its field.
 */
export function TextForm({ fields, initial, english, lang, languageName, schema, pending, onSave }: TextFormProps) {
  const id = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    onSave(values);
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {fields.map((field) => {
        const fieldId = `${id}-${field.key}`;
        const error = errors[field.key];
        const source = english?.[field.key];
        const props = {
          id: fieldId,
          lang,
          value: values[field.key] ?? '',
          onChange: (event: { target: { value: string } }) =>
            setValues((current) => ({ ...current, [field.key]: event.target.value })),
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${fieldId}-error` : source ? `${fieldId}-source` : undefined,
          'aria-required': field.optional ? undefined : true,
        };
        return (
          <div key={field.key} className="flex flex-col gap-1.5">
            <Label htmlFor={fieldId}>
              {field.label} ({languageName})
              {field.optional && <span className="font-normal text-slate-500"> (optional)</span>}
            </Label>
            {source !== undefined && (
              <p
                id={`${fieldId}-source`}
                lang="en"
                className="line-clamp-4 rounded-md bg-slate-50 px-2 py-1 text-xs whitespace-pre-wrap text-slate-600"
              >
                <span className="font-medium">English: </span>
                {source || '(empty)'}
              </p>
            )}
            {field.rows ? <Textarea rows={field.rows} {...props} /> : <Input {...props} />}
            {error && (
              <p id={`${fieldId}-error`} className="text-sm text-red-700">
                {error}
              </p>
            )}
          </div>
        );
      })}
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : `Save ${languageName} text`}
        </Button>
      </div>
    </form>
  );
}
