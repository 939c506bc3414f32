import { z } from 'zod';

/**
 * What a backup archive holds, in this order: `backup.json` (the head: enough to refuse an archive
 * before reading it all), `tables/{table}.ndjson` (one JSON object per row), `objects/{key}` (each
 * stored object's bytes) and `manifest.json` last, with every size and SHA-256, known only once all
 * were written (docs/decisions/033-backup-format.md).
 */
export const BACKUP_FORMAT = 'studio-backup';
/** Raise when a change means an older reader would misread the archive. */
export const FORMAT_VERSION = 1;

export const HEAD_ENTRY = 'backup.json';
export const MANIFEST_ENTRY = 'manifest.json';
export const tableEntry = (table: string) => `tables/${table}.ndjson`;
export const objectEntry = (key: string) => `objects/${key}`;

const identifier = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, 'is not a plain SQL name');
const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'is not a SHA-256');
const count = z.number().int().min(0);

/** A key that stays inside any store: relative, no `.`/`..` segments, no backslashes or control characters. */
const safeObjectKey = z
  .string()
  .min(1)
  .max(1024)
  .refine(
    (key) =>
      ![...key].some((char) => char === '\\' || char.charCodeAt(0) < 0x20) &&
      key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..'),
    'is not a safe object key',
  );

const headSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(FORMAT_VERSION),
  createdAt: z.iso.datetime(),
  source: z.object({ dialect: z.enum(['sqlite', 'postgres']), store: z.enum(['local', 's3']) }),
  /** The migrations applied to the source database, by name. */
  migrations: z.array(z.string().min(1)).min(1),
});

const tableSchema = z.object({
  name: identifier,
  file: z.string(),
  columns: z.array(identifier).min(1),
  rows: count,
  size: count,
  sha256,
});

const objectSchema = z.object({ key: safeObjectKey, file: z.string(), size: count, sha256 });

const manifestSchema = headSchema.extend({ tables: z.array(tableSchema), objects: z.array(objectSchema) });

export type BackupHead = z.infer<typeof headSchema>;
export type TableRecord = z.infer<typeof tableSchema>;
export type ObjectRecord = z.infer<typeof objectSchema>;
export type Manifest = z.infer<typeof manifestSchema>;

type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };

function parseJson<T>(schema: z.ZodType<T>, text: string, what: string): Parsed<T> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: `${what} is not valid JSON` };
  }
  // A later format version is named as such, not reported as a pile of unknown fields.
  const version = (value as { formatVersion?: unknown } | null)?.formatVersion;
  if ((value as { format?: unknown } | null)?.format !== BACKUP_FORMAT) return { ok: false, problem: 'it is not a studio backup' };
  if (typeof version === 'number' && version > FORMAT_VERSION) {
    return { ok: false, problem: `it is in backup format ${version}, newer than this code reads (${FORMAT_VERSION})` };
  }
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  return { ok: false, problem: `${what} is malformed (${issue.path.join('.') || 'top level'}: ${issue.message})` };
}

export const parseHead = (text: string) => parseJson(headSchema, text, HEAD_ENTRY);
export const parseManifest = (text: string) => parseJson(manifestSchema, text, MANIFEST_ENTRY);
