import type { ColumnType } from 'kysely';

/** ISO-8601 text in both dialects (PostgreSQL timestamptz values are read back as ISO strings). */
export type Timestamp = ColumnType<string, string | undefined, string>;
