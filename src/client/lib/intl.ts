const made = new Map<string, unknown>();

/**
 * Making an Intl formatter costs far more than using one (a tenth of a millisecond, against
 * microseconds): each kind of formatter per language is made once and kept. `key` names the
 * language and the options, e.g. "de distance km".
 */
export function keptFormatter<T>(key: string, make: () => T): T {
  let formatter = made.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = make();
    made.set(key, formatter);
  }
  return formatter;
}
