/** The unique constraint a PostgreSQL error violated (drizzle wraps the driver error in `cause`), if any. */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const candidate = e as { code?: unknown; constraint?: unknown; constraint_name?: unknown };
    if (candidate.code === '23505') {
      const name = candidate.constraint ?? candidate.constraint_name;
      return typeof name === 'string' ? name : 'unknown';
    }
  }
  return undefined;
}
