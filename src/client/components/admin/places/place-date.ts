/** The YYYY-MM-DD a date input needs, from whatever date text a place carries ('' when unreadable). */
export function toDateInputValue(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  // EXIF writes "2024:05:01 12:00:00"
  const exif = /^(\d{4}):(\d{2}):(\d{2})/.exec(value);
  if (exif) return `${exif[1]}-${exif[2]}-${exif[3]}`;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? '' : parsed.toISOString().slice(0, 10);
}

/** 'May 1, 2024' for the cards (spec: 'MMMM d, yyyy'); the raw text when it is not a date. */
export function formatPlaceDate(value: string): string {
  const iso = toDateInputValue(value);
  if (!iso) return value;
  const date = new Date(`${iso}T00:00:00Z`);
  return new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    date,
  );
}
