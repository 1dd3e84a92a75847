// The "popular pages while an admin edits" part of `npm run bench:serve`: 800 popular place pages
// (400 places in 250 cities, English and German) read in turn by keep-alive clients, once while
// nothing changes and once while an admin edits one place in another city once a second (its
// English title, through the editor's desk). What an edit should cost these pages is nothing.
import { placeSlug, type EditedPlace } from './fill';
import { signIn } from './server';

/** The popular pages: each popular place in English and in German. */
export function popularPaths(popular: number[]): string[] {
  return popular.flatMap((n) => [`/en/${placeSlug(n)}`, `/de/${placeSlug(n)}`]);
}

export interface EditStats {
  /** Saves answered 200. */
  edits: number;
  failures: number;
  lastFailure?: string;
  /** Median time of a save, in ms. */
  p50Ms: number;
}

export interface Editor {
  /** Stops after the save under way; answers what was done. */
  stop(): Promise<EditStats>;
}

/**
 * An admin who saves the English title of `place` once a second (the next save waits for the
 * previous one), until stopped. Signs in first, so a started editor is ready to write.
 */
export async function startEditor(baseUrl: string, place: EditedPlace, intervalMs = 1000): Promise<Editor> {
  const cookie = await signIn(baseUrl);
  const stats: EditStats = { edits: 0, failures: 0, p50Ms: 0 };
  const times: number[] = [];
  let running = true;
  let wake: (() => void) | undefined;

  const save = async (round: number) => {
    const started = performance.now();
    try {
      const response = await fetch(`${baseUrl}/api/admin/places/${place.id}/translations/en`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({
          title: `${place.title.slice(0, 150)} (edit ${round})`,
          description: place.description,
          fullDescription: place.fullDescription,
          location: place.location,
          country: place.country,
        }),
      });
      const text = await response.text();
      if (response.ok) stats.edits++;
      else {
        stats.failures++;
        stats.lastFailure = `${response.status} ${text.slice(0, 200)}`;
      }
    } catch (error) {
      stats.failures++;
      stats.lastFailure = error instanceof Error ? error.message : String(error);
    }
    times.push(performance.now() - started);
  };

  const loop = (async () => {
    for (let round = 1; running; round++) {
      const started = performance.now();
      await save(round);
      const rest = intervalMs - (performance.now() - started);
      if (running && rest > 0) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, rest);
        });
      }
    }
  })();

  return {
    async stop() {
      running = false;
      wake?.();
      await loop;
      times.sort((a, b) => a - b);
      stats.p50Ms = Math.round(times[Math.floor(times.length / 2)] ?? 0);
      return stats;
    },
  };
}
