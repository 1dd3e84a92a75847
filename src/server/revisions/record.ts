import type { DbOrTx } from '../db/client';
import { insertRevision, type RevisionEntity } from '../db/repos/revisions-repo';
import { asJson, readSnapshot } from '../db/repos/snapshots-repo';
import { describeChange } from './summary';

/** Who made a change: the admin, or the AI model that wrote it (its name), or the offline writer. */
export const PERSON = 'person';

/** The author of what an AI provider wrote: its model's name, or `offline`. */
export const machineAuthor = (ai: { name: string; model?: string }) => ai.model ?? ai.name;

export interface RevisionNote {
  /** `person`, the AI model's name, or `offline`. */
  author: string;
  /** Plain words for the change; by default told from what changed ("Title changed"). */
  summary?: string;
  /** Keep a revision even when nothing changed (a restore is always one). */
  always?: boolean;
}

/**
 * Runs a change of a place, city or country and keeps the entity as it was before it, as a
 * revision, in the same transaction (docs/decisions/017-revisions-and-trash.md). A change that
 * changed nothing keeps no revision; an entity that does not exist is left to `change` to report.
 */
export async function withRevision<T>(
  tx: DbOrTx,
  entity: { type: RevisionEntity; id: string },
  note: RevisionNote,
  change: () => Promise<T>,
): Promise<T> {
  const before = await readSnapshot(tx, entity.type, entity.id);
  const result = await change();
  if (!before) return result;
  const after = await readSnapshot(tx, entity.type, entity.id);
  if (!after) return result;
  const told = describeChange(before, after);
  if (!told && !note.always) return result;
  await insertRevision(tx, {
    entityType: entity.type,
    entityId: entity.id,
    author: note.author,
    summary: note.summary ?? told,
    snapshot: asJson(before),
  });
  return result;
}
