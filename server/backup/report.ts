import type { Manifest } from './manifest.ts';

/** Wording shared by the backup and restore commands. */
export const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${bytes} bytes`;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** "9 tables (120 rows), 4 objects (12.3 MB)" */
export function describeContents(manifest: Manifest): string {
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  const objectBytes = manifest.objects.reduce((sum, object) => sum + object.size, 0);
  const objects = `${plural(manifest.objects.length, 'object')} (${formatBytes(objectBytes)})`;
  return `${plural(manifest.tables.length, 'table')} (${plural(rows, 'row')}), ${objects}`;
}

export const secondsSince = (started: number) => `${((performance.now() - started) / 1000).toFixed(1)} s`;

/** An error as one line: the commands print one line per failure. */
export const oneLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ');
