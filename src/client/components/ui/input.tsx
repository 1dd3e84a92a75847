import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/** The look every form field shares: border, focus ring, placeholder, disabled and invalid states. */
export const FIELD_CLASS =
  'w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/40 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-red-500';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn('flex h-10 py-2', FIELD_CLASS, className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn('flex py-2', FIELD_CLASS, className)} {...props} />;
}

export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label className={cn('text-sm font-medium text-slate-800', className)} {...props} />;
}
