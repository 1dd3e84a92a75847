/**
 * A count with its noun in the right number, as a person writes it: "1 event", "3 events",
 * "0 photos". Never "event(s)".
 */
export function countText(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
