import { useId, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPlaceDto } from '@/shared/api/admin-places';
import {
  durationMinutes,
  minutesToDuration,
  visitFactsRequest,
  WEEKDAYS,
  type AdminVisitDto,
  type OpeningRow,
  type VisitFactsRequest,
  type VisitFactsResponse,
} from '@/shared/api/visit-facts';
import { apiJson, errorText } from '@/client/lib/api';
import { Button } from '../../ui/button';
import { Input, Label, Textarea } from '../../ui/input';
import { toast } from '../../ui/toaster';
import { invalidatePlaceLists } from './use-admin-places';

/**
 * Each day as a checkbox shows it, "Mon", and as a screen reader names it, "Monday" (the admin is
 * in English; 1 January 2024 was a Monday). The full name contains the short one, so a person who
 * says what they see ("click Mon") reaches the box.
 */
const DAY_NAMES = Object.fromEntries(
  WEEKDAYS.map((day, i) => {
    const date = Date.UTC(2024, 0, 1 + i);
    const name = (weekday: 'short' | 'long') =>
      new Intl.DateTimeFormat('en', { weekday, timeZone: 'UTC' }).format(date);
    return [day, { short: name('short'), long: name('long') }];
  }),
) as Record<(typeof WEEKDAYS)[number], { short: string; long: string }>;
type PriceKind = 'none' | 'free' | 'amount' | 'text';

function TextField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  hint?: string;
  type?: string;
}) {
  const id = useId();
  const field = {
    id,
    value: props.value,
    'aria-describedby': props.hint ? `${id}-hint` : undefined,
    onChange: (event: { target: { value: string } }) => props.onChange(event.target.value),
  };
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>
        {props.label} <span className="font-normal text-slate-500">(optional)</span>
      </Label>
      {props.rows ? <Textarea rows={props.rows} {...field} /> : <Input type={props.type ?? 'text'} {...field} />}
      {props.hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {props.hint}
        </p>
      )}
    </div>
  );
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-medium text-slate-800">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** One row of opening times: its days as checkboxes, its two times. */
function OpeningRowFields({
  row,
  index,
  onChange,
  onRemove,
}: {
  row: OpeningRow;
  index: number;
  onChange: (row: OpeningRow) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const toggle = (day: (typeof WEEKDAYS)[number]) =>
    onChange({ ...row, days: row.days.includes(day) ? row.days.filter((d) => d !== day) : [...row.days, day] });
  return (
    <li className="flex flex-wrap items-end gap-3 rounded-md bg-slate-50 p-3">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Days of row {index + 1}</legend>
        {WEEKDAYS.map((day) => (
          <label key={day} className="flex items-center gap-1 text-sm">
            <input
              type="checkbox"
              aria-label={DAY_NAMES[day].long}
              checked={row.days.includes(day)}
              onChange={() => toggle(day)}
            />
            {DAY_NAMES[day].short}
          </label>
        ))}
      </fieldset>
      {(['opens', 'closes'] as const).map((which) => (
        <div key={which} className="flex flex-col gap-1">
          <Label htmlFor={`${id}-${which}`}>
            {which === 'opens' ? 'Opens' : 'Closes'} (row {index + 1})
          </Label>
          <Input
            id={`${id}-${which}`}
            type="time"
            value={row[which]}
            onChange={(event) => onChange({ ...row, [which]: event.target.value })}
            className="w-32"
          />
        </div>
      ))}
      <Button type="button" variant="outline" size="sm" onClick={onRemove}>
        Remove row {index + 1}
      </Button>
    </li>
  );
}

/** The form's values from the saved facts. */
function initial(visit: AdminVisitDto | null) {
  const price = visit?.price;
  const minutes = visit?.duration ? (durationMinutes(visit.duration) ?? 0) : 0;
  const priceKind: PriceKind = !price ? 'none' : 'free' in price ? 'free' : 'amount' in price ? 'amount' : 'text';
  return {
    address: visit?.address ?? '',
    rows: visit?.openingHours ?? [],
    hoursNote: visit?.hoursNote ?? '',
    priceKind,
    amount: price && 'amount' in price ? String(price.amount) : '',
    currency: price && 'currency' in price ? price.currency : 'EUR',
    priceText: price && 'text' in price ? price.text : '',
    hours: minutes >= 60 ? String(Math.floor(minutes / 60)) : '',
    minutes: minutes % 60 ? String(minutes % 60) : '',
    accessibility: visit?.accessibility ?? '',
    website: visit?.website ?? '',
  };
}

/**
 * "Plan your visit" facts in Edit Place (docs/decisions/043-visit-facts.md): all optional, saved on
 * their own, English texts here (the other languages at the editor's desk). Checked with the same
 * schema as the server before sending.
 */
export function VisitFactsForm({ place }: { place: AdminPlaceDto }) {
  const [form, setForm] = useState(() => initial(place.visit));
  const [problems, setProblems] = useState<string[]>([]);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: VisitFactsRequest) =>
      apiJson<VisitFactsResponse>('PUT', `/api/admin/places/${encodeURIComponent(place.id)}/visit`, body),
    onSettled: () => invalidatePlaceLists(queryClient),
  });
  const set =
    <K extends keyof typeof form>(key: K) =>
    (value: (typeof form)[K]) =>
      setForm({ ...form, [key]: value });
  const setRows = set('rows');
  const errorId = useId();

  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    const minutes = Number(form.hours || 0) * 60 + Number(form.minutes || 0);
    const body = {
      address: form.address,
      openingHours: form.rows,
      hoursNote: form.hoursNote,
      price:
        form.priceKind === 'free'
          ? { free: true }
          : form.priceKind === 'amount'
            ? { amount: Number(form.amount.replace(',', '.')), currency: form.currency.trim().toUpperCase() }
            : form.priceKind === 'text'
              ? { text: form.priceText }
              : null,
      duration: minutes > 0 ? minutesToDuration(minutes) : '',
      accessibility: form.accessibility,
      website: form.website,
    };
    const parsed = visitFactsRequest.safeParse(body);
    if (!parsed.success) {
      setProblems([...new Set(parsed.error.issues.map((issue) => issue.message))]);
      return;
    }
    setProblems([]);
    save.mutate(parsed.data, {
      onSuccess: ({ message }) => toast.success(message),
      onError: (error) => toast.error('Error', { description: errorText(error, 'Failed to save the visit facts') }),
    });
  };

  return (
    <details className="rounded-lg border border-slate-200 p-4" open={place.visit !== null}>
      <summary className="cursor-pointer text-sm font-semibold text-slate-900">Plan your visit (visit facts)</summary>
      <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4" aria-describedby={errorId}>
        <p className="text-sm text-slate-600">
          Facts visitors plan with, shown in a “Plan your visit” box. Enter only what you know: nothing here is ever
          written by a model. The notes are English; other languages are written at the editor’s desk.
        </p>
        <TextField label="Address" value={form.address} onChange={set('address')} />
        <Group legend="Opening times">
          <ul className="flex flex-col gap-2">
            {form.rows.map((row, i) => (
              <OpeningRowFields
                key={i}
                row={row}
                index={i}
                onChange={(changed) => setRows(form.rows.map((r, j) => (j === i ? changed : r)))}
                onRemove={() => setRows(form.rows.filter((_, j) => j !== i))}
              />
            ))}
          </ul>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() =>
              setRows([...form.rows, { days: ['mo', 'tu', 'we', 'th', 'fr'], opens: '09:00', closes: '17:00' }])
            }
          >
            Add opening times
          </Button>
          <p className="text-xs text-slate-500">
            A closing time before the opening time means after midnight (18:00 to 02:00); open all day is 00:00 to
            24:00.
          </p>
          <TextField label="Note on opening times" value={form.hoursNote} onChange={set('hoursNote')} rows={2} />
        </Group>
        <Group legend="Price">
          <div role="radiogroup" aria-label="Price" className="flex flex-wrap gap-4 text-sm">
            {(['none', 'free', 'amount', 'text'] as const).map((kind) => (
              <label key={kind} className="flex items-center gap-1.5">
                <input
                  type="radio"
                  name={`${errorId}-price`}
                  checked={form.priceKind === kind}
                  onChange={() => set('priceKind')(kind)}
                />
                {{ none: 'Not given', free: 'Free', amount: 'Amount', text: 'In words' }[kind]}
              </label>
            ))}
          </div>
          {form.priceKind === 'amount' && (
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField label="Amount" value={form.amount} onChange={set('amount')} hint="Such as 12.50" />
              <TextField
                label="Currency"
                value={form.currency}
                onChange={set('currency')}
                hint="ISO 4217: EUR, USD, JPY"
              />
            </div>
          )}
          {form.priceKind === 'text' && (
            <TextField label="Price in words" value={form.priceText} onChange={set('priceText')} />
          )}
        </Group>
        <Group legend="Typical visit length">
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField label="Hours" type="number" value={form.hours} onChange={set('hours')} />
            <TextField label="Minutes" type="number" value={form.minutes} onChange={set('minutes')} />
          </div>
        </Group>
        <TextField label="Accessibility" value={form.accessibility} onChange={set('accessibility')} rows={2} />
        <TextField
          label="Official website"
          type="url"
          value={form.website}
          onChange={set('website')}
          hint="A full https:// address."
        />
        <div id={errorId} role="alert">
          {problems.length > 0 && (
            <ul className="list-disc pl-5 text-sm text-red-700">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
        </div>
        <Button type="submit" className="self-end" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save visit facts'}
        </Button>
      </form>
    </details>
  );
}
