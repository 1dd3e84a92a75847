const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; anything else cannot exist, and must not reach a uuid column (that would be an SQL error). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
