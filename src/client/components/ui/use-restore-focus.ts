import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * Our dialogs open from state rather than a Radix Trigger, so Radix cannot know where focus came
 * from. This remembers the focused element as the dialog opens (layout effects run before the
 * dialog moves focus) and hands focus back to it on close, if it is still on the page.
 */
export function useRestoreFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
  }, [open]);
  return useCallback((event: Event) => {
    const element = opener.current;
    opener.current = null;
    if (element?.isConnected) {
      event.preventDefault();
      element.focus();
    }
  }, []);
}
