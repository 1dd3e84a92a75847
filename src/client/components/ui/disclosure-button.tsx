import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';

/**
 * A small button that shows and hides the panel with the id `controls`, its chevron turned while the
 * panel is open. The caller keeps `open` and hides the panel.
 */
export function DisclosureButton({
  open,
  onOpenChange,
  controls,
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  controls: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      className={className}
      aria-expanded={open}
      aria-controls={controls}
      onClick={() => onOpenChange(!open)}
    >
      <ChevronDown className={open ? 'rotate-180' : undefined} aria-hidden="true" />
      {children}
    </Button>
  );
}
