/** A unique index refused the write: a request running alongside wrote the same value first. */
export const isUniqueViolation = (error: unknown) =>
  error instanceof Error && (/UNIQUE constraint failed/i.test(error.message) || (error as { code?: string }).code === '23505');
