import type { RevisionDto } from '../../shared/api/revisions';

/** A kept revision as the repository lists it, newest first. */
interface RevisionRow {
  id: number;
  createdAt: Date;
  author: string;
  summary: string;
}

/**
 * Each kept version told by the change that MADE it. A revision row holds the entity as it was
 * before a change, with that change's summary, time and author (docs/decisions/017): so the version
 * a row holds was made by the change of the row before it in time (the next one in this newest-first
 * list), and the oldest kept version by no change we still know of. Labelling a version with the
 * change that replaced it said "City changed" over the old city (issue 41).
 */
export function describeVersions(rows: RevisionRow[]): RevisionDto[] {
  return rows.map((row, index) => {
    const maker = rows[index + 1];
    return {
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      author: row.author,
      summary: row.summary,
      madeBy: maker ? { summary: maker.summary, author: maker.author, at: maker.createdAt.toISOString() } : null,
    };
  });
}
