import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';
import { FIELD_CLASS } from './input';

/** One option of a Select: the value sent and the words shown. */
export interface Choice {
  value: string;
  label: string;
}

/**
 * Native controls styled to match: they keep full keyboard and screen-reader behaviour for free.
 * `choices` become options after any given as children.
 */
export function Select({
  className,
  choices = [],
  children,
  ...props
}: ComponentProps<'select'> & { choices?: readonly Choice[] }) {
  return (
    <select className={cn('h-10', FIELD_CLASS, className)} {...props}>
      {children}
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}

export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <input type="checkbox" className={cn('size-4 rounded border-slate-300 accent-brand-700', className)} {...props} />
  );
}

export function Progress({ value, className, label }: { value: number; className?: string; label?: string }) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-slate-200', className)}
    >
      <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${clamped}%` }} />
    </div>
  );
}

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-lg bg-slate-200', className)} {...props} />;
}
