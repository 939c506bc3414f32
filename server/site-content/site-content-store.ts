import type { Kysely } from 'kysely';
import { SECTION_SCHEMAS, defaultSiteContent, type SiteSection } from '#common/site-content/sections.ts';
import type { Database } from '#server/db/schema.ts';
import type { Logger } from '#server/logger.ts';

/** One stored version of a section, its fields still JSON text. */
export interface VersionRow {
  section: string;
  version: number;
  data: string;
  createdAt: string;
  updatedByName: string | null;
}

/** The newest version of every section that was ever saved. */
export async function latestVersions(db: Kysely<Database>): Promise<VersionRow[]> {
  return db
    .selectFrom('siteContentVersions as v')
    .select(['v.section', 'v.version', 'v.data', 'v.createdAt', 'v.updatedByName'])
    .where(({ eb, selectFrom }) =>
      eb(
        'v.version',
        '=',
        selectFrom('siteContentVersions as newer')
          .select(({ fn }) => fn.max('newer.version').as('max'))
          .whereRef('newer.section', '=', 'v.section'),
      ),
    )
    .execute();
}

export async function findVersion(db: Kysely<Database>, section: SiteSection, version: number): Promise<VersionRow | undefined> {
  return db
    .selectFrom('siteContentVersions')
    .select(['section', 'version', 'data', 'createdAt', 'updatedByName'])
    .where('section', '=', section)
    .where('version', '=', version)
    .executeTakeFirst();
}

/**
 * Inserts `version` of a section unless that version exists already: the unique (section, version)
 * index decides between two saves that started from the same version. False when another won.
 */
export async function insertVersion(
  db: Kysely<Database>,
  row: { section: SiteSection; version: number; data: unknown; editorId: number; editorName: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('siteContentVersions')
    .values({
      section: row.section,
      version: row.version,
      data: JSON.stringify(row.data),
      updatedById: row.editorId,
      updatedByName: row.editorName,
    })
    .onConflict((conflict) => conflict.columns(['section', 'version']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * A stored version's fields, read through today's schema. A version written under an older schema
 * (a field added since) takes the missing fields from the defaults; one that no longer parses falls
 * back to the defaults and is logged, so a page always renders.
 */
export function decodeSection<S extends SiteSection>(section: S, data: string, logger: Logger) {
  const defaults = defaultSiteContent()[section];
  let stored: unknown;
  try {
    stored = JSON.parse(data);
  } catch {
    stored = undefined;
  }
  const merged = typeof stored === 'object' && stored !== null ? { ...defaults, ...stored } : stored;
  const parsed = SECTION_SCHEMAS[section].safeParse(merged);
  if (parsed.success) return parsed.data as typeof defaults;
  // A field a later rule refuses (an accent the contrast check of decision 110 no longer takes) reads
  // as its default; the section's other fields (the logo, the favicon) stay the owner's.
  const refused = new Set(parsed.error.issues.map((issue) => issue.path[0]).filter((key) => typeof key === 'string'));
  if (typeof merged === 'object' && merged !== null && refused.size > 0) {
    const kept = Object.fromEntries(Object.entries(merged).filter(([key]) => !refused.has(key)));
    const retried = SECTION_SCHEMAS[section].safeParse({ ...defaults, ...kept });
    if (retried.success) {
      logger.error({ section, fields: [...refused] }, "stored site content has fields today's rules refuse; showing their defaults");
      return retried.data as typeof defaults;
    }
  }
  logger.error({ section }, 'stored site content no longer matches its schema; showing the defaults');
  return defaults;
}
