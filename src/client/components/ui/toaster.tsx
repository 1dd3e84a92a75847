import type { CSSProperties } from 'react';
import { Toaster as Sonner, toast as sonnerToast } from 'sonner';

/** Sonner's rich colours, with text dark enough for WCAG AA contrast on their tinted backgrounds. */
const ACCESSIBLE_COLOURS = {
  '--success-text': 'hsl(142, 90%, 20%)',
  '--error-text': 'hsl(0, 80%, 38%)',
  '--warning-text': 'hsl(31, 92%, 26%)',
  '--info-text': 'hsl(210, 92%, 33%)',
} as CSSProperties;

/**
 * docs/product.md §9: at most one toast visible at a time; 5 s by default. Toasts sit at the bottom right (the
 * whole bottom edge on a phone), away from the top of the page where Logout and the page's own
 * buttons are; admin pages leave room at their foot (TOAST_CLEARANCE) so the last card's buttons
 * can be scrolled above a toast.
 */
export function Toaster() {
  return (
    <Sonner
      visibleToasts={1}
      duration={5000}
      position="bottom-right"
      offset={{ bottom: 24, right: 24 }}
      mobileOffset={{ bottom: 16, left: 16, right: 16 }}
      richColors
      closeButton
      style={ACCESSIBLE_COLOURS}
    />
  );
}

/** Space at the foot of an admin page, taller than a toast with its offset. */
export const TOAST_CLEARANCE = 'pb-40';

interface ToastOptions {
  description?: string;
  /** Milliseconds; docs/product.md §8 uses 30 s for in-progress toasts and 5 s for results. */
  duration?: number;
  id?: string | number;
  /** A button in the toast, e.g. the Undo of a delete. */
  action?: { label: string; onClick: () => void };
}

/** Title + description toasts, with a destructive variant for errors (docs/product.md §8). */
export const toast = {
  success: (title: string, options: ToastOptions = {}) => sonnerToast.success(title, options),
  info: (title: string, options: ToastOptions = {}) => sonnerToast(title, options),
  error: (title: string, options: ToastOptions = {}) => sonnerToast.error(title, options),
  /** A partial success (yellow): the description says what worked, what did not and what to do next. */
  warning: (title: string, options: ToastOptions = {}) => sonnerToast.warning(title, options),
  /**
   * Sonner keeps a loading toast until it is replaced or dismissed (it ignores `duration`): give it
   * an `id` and show the outcome under that id when the work ends.
   */
  loading: (title: string, options: ToastOptions = {}) => sonnerToast.loading(title, { duration: 30_000, ...options }),
  dismiss: (id?: string | number) => sonnerToast.dismiss(id),
};
