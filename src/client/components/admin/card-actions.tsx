import { ArrowDown, ArrowUp, Pencil, Trash2 } from 'lucide-react';
import { Button } from '../ui/button';

/**
 * A card's Edit and Delete buttons. Their accessible names say what they act on ("Edit Paris"):
 * a screen reader lists the buttons of every card on the page.
 */
export function EditDeleteButtons({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${name}`}>
        <Pencil aria-hidden="true" /> Edit
      </Button>
      <RemoveButton label={`Delete ${name}`} text="Delete" onClick={onDelete} />
    </>
  );
}

/** An outlined, red-lettered button that deletes or removes what its accessible name (`label`) says. */
export function RemoveButton({ label, text, onClick }: { label: string; text: string; onClick: () => void }) {
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={onClick}
      aria-label={label}
      className="text-red-700 hover:bg-red-50 hover:text-red-800"
    >
      <Trash2 aria-hidden="true" /> {text}
    </Button>
  );
}

/**
 * Up and Down buttons that move one item of a list a place (`what` names it: "photo 2"); the first
 * item's Up and the last's Down are disabled. With `idPrefix`, the buttons' ids end in -up and -down.
 */
export function MoveButtons({
  what,
  first,
  last,
  onMove,
  idPrefix,
}: {
  what: string;
  first: boolean;
  last: boolean;
  onMove: (direction: -1 | 1) => void;
  idPrefix?: string;
}) {
  return (
    <>
      <Button
        id={idPrefix && `${idPrefix}-up`}
        variant="outline"
        size="sm"
        onClick={() => onMove(-1)}
        disabled={first}
        aria-label={`Move ${what} up`}
      >
        <ArrowUp aria-hidden="true" /> Up
      </Button>
      <Button
        id={idPrefix && `${idPrefix}-down`}
        variant="outline"
        size="sm"
        onClick={() => onMove(1)}
        disabled={last}
        aria-label={`Move ${what} down`}
      >
        <ArrowDown aria-hidden="true" /> Down
      </Button>
    </>
  );
}
