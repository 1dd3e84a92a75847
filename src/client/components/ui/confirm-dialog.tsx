import { Loader2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from './button';
import { useRestoreFocus } from './use-restore-focus';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: ReactNode;
  /** What is about to go, shown under the question (a photo, where and when). */
  preview?: ReactNode;
  confirmLabel?: string;
  /** What the confirm button says while the action runs. */
  pendingLabel?: string;
  /** While the confirmed action runs, the dialog stays open with a busy, disabled button. */
  pending?: boolean;
  onConfirm: () => void;
}

/**
 * A yes/no question before something is destroyed or ended. Radix's alert dialog traps focus, starts on
 * Cancel (the safe answer), closes with Escape and ignores clicks outside; focus goes back to the
 * button that opened it. The caller closes it (onOpenChange) when the action is done or started.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  preview,
  confirmLabel = 'Delete',
  pendingLabel = 'Deleting...',
  pending = false,
  onConfirm,
}: ConfirmDialogProps) {
  const restoreFocus = useRestoreFocus(open);
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        {/* above other dialogs: the gallery asks from inside its own dialog */}
        <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-slate-950/50 backdrop-blur-[2px]" />
        <AlertDialog.Content
          onCloseAutoFocus={restoreFocus}
          className="fixed top-1/2 left-1/2 z-[60] flex w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-xl"
        >
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="text-sm break-words text-slate-600">{message}</AlertDialog.Description>
          {preview}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">Cancel</Button>
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: that would close the dialog before a pending action finished. */}
            <Button variant="destructive" onClick={onConfirm} disabled={pending}>
              {pending ? (
                <>
                  <Loader2 className="animate-spin" aria-hidden="true" /> {pendingLabel}
                </>
              ) : (
                confirmLabel
              )}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/**
 * `open` and `onOpenChange` for a dialog about `subject` (the image to delete, the version to
 * restore): open while there is one; closing the dialog forgets it.
 */
export function openFor<T>(subject: T | undefined, setSubject: (subject: undefined) => void) {
  return {
    open: subject !== undefined,
    onOpenChange: (open: boolean) => {
      if (!open) setSubject(undefined);
    },
  };
}
