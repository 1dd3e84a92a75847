/** Titles read "Lisbon, 17 May 2024": day first, so the comma after the name is the only one. */
const TITLE_DATE = new Intl.DateTimeFormat('en-GB', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/**
 * A title no other place of the same town has: the writer's title ("Lisbon", "Belém Tower"), else
 * with the day the photo was taken ("Lisbon, 17 May 2024") when the photo says it, else numbered
 * ("Lisbon (2)", "Lisbon (3)"). `taken` holds the titles the town's places have already.
 */
export function distinctTitle(title: string, taken: ReadonlySet<string>, photoDate?: string): string {
  const free = (candidate: string) => !taken.has(candidate);
  if (free(title)) return title;
  const day = photoDate && !Number.isNaN(Date.parse(photoDate)) ? TITLE_DATE.format(new Date(photoDate)) : undefined;
  if (day && !title.includes(day) && free(`${title}, ${day}`)) return `${title}, ${day}`;
  for (let n = 2; ; n++) {
    if (free(`${title} (${n})`)) return `${title} (${n})`;
  }
}
