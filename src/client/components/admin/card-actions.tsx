import { Pencil, Trash2 } from 'lucide-react';
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
      <Button
        variant="outline"
        size="sm"
        onClick={onDelete}
        aria-label={`Delete ${name}`}
        className="text-red-700 hover:bg-red-50 hover:text-red-800"
      >
        <Trash2 aria-hidden="true" /> Delete
      </Button>
    </>
  );
}
