import type { Kysely } from 'kysely';
import {
  SITE_SECTIONS,
  defaultSiteContent,
  parseSectionInput,
  sectionFields,
  type SiteContent,
  type SiteSection,
  type StoredSection,
  type StoredSiteContent,
} from '#common/site-content/sections.ts';
import type { InvalidationChannel } from '#server/db/invalidation-channel.ts';
import type { Database } from '#server/db/schema.ts';
import type { Logger } from '#server/logger.ts';
import { describeChanges } from '#common/site-content/section-diff.ts';
import type { ContentEditor, SiteContentService, ValidatedSection } from './site-content-service.ts';
import { decodeSection, findVersion, insertVersion, latestVersions, type VersionRow } from './site-content-store.ts';
import { completeOnSave, crossSectionErrors, withFieldsAddedLater, withSavedVocalPrice } from './section-rules.ts';

export interface SiteContentDeps {
  db: Kysely<Database>;
  logger: Logger;
  invalidation: InvalidationChannel;
  /**
   * Checks and completes what a section refers to outside itself (uploaded images): returns field
   * errors, or null when every reference holds. The images part of this capability provides it.
   */
  checkReferences?: <S extends SiteSection>(section: S, content: SiteContent[S]) => Promise<Record<string, string[]> | null>;
}

function toStored<S extends SiteSection>(section: S, row: VersionRow | undefined, logger: Logger): StoredSection<S> {
  if (!row) return { ...defaultSiteContent()[section], version: 0, updatedAt: null } as StoredSection<S>;
  return { ...decodeSection(section, row.data, logger), version: row.version, updatedAt: row.createdAt } as StoredSection<S>;
}

/**
 * The site content service. Reads are served from one in-memory copy per instance, filled on first
 * use and dropped on every invalidation (a successful write here, or a notice from another instance),
 * so a page view costs no database round trip and a change shows on the next request everywhere.
 */
export function createSiteContentService({ db, logger, invalidation, checkReferences }: SiteContentDeps): SiteContentService {
  let cached: Promise<StoredSiteContent> | null = null;
  invalidation.subscribe(() => {
    cached = null;
  });

  async function load(): Promise<StoredSiteContent> {
    const rows = new Map((await latestVersions(db)).map((row) => [row.section, row]));
    const content = {} as Record<SiteSection, unknown>;
    for (const section of SITE_SECTIONS) content[section] = toStored(section, rows.get(section), logger);
    return withSavedVocalPrice(content as StoredSiteContent);
  }

  function read(): Promise<StoredSiteContent> {
    if (!cached) {
      const loading = load();
      cached = loading;
      // A failed read (database unavailable) is not kept: the next request tries again.
      loading.catch(() => {
        if (cached === loading) cached = null;
      });
    }
    return cached;
  }

  async function store<S extends SiteSection>(section: S, content: SiteContent[S], fromVersion: number, editor: ContentEditor) {
    const saved = await insertVersion(db, {
      section,
      version: fromVersion + 1,
      data: content,
      editorId: editor.id,
      editorName: editor.username,
    });
    cached = null;
    const current = await findVersion(db, section, saved ? fromVersion + 1 : fromVersion);
    return { saved, stored: toStored(section, current, logger) };
  }

  async function latestOf<S extends SiteSection>(section: S): Promise<StoredSection<S>> {
    const row = (await latestVersions(db)).find((candidate) => candidate.section === section);
    return toStored(section, row, logger);
  }

  /**
   * A restore is a save on top of whatever is newest now, so it is never refused as stale; when
   * another save lands in between, it simply goes on top of that one.
   */
  async function saveOnTop<S extends SiteSection>(section: S, fields: SiteContent[S], editor: ContentEditor): Promise<StoredSection<S>> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const latest = await latestOf(section);
      const { saved, stored } = await store(section, completeOnSave(section, fields, sectionFields(latest)), latest.version, editor);
      if (saved) return stored;
    }
    return latestOf(section);
  }

  async function current(): Promise<SiteContent> {
    const stored = await read();
    const content = {} as Record<SiteSection, unknown>;
    for (const section of SITE_SECTIONS) content[section] = sectionFields(stored[section]);
    return content as SiteContent;
  }

  async function validate<S extends SiteSection>(section: S, input: unknown): Promise<ValidatedSection<S>> {
    const parsed = parseSectionInput(section, input);
    if (!parsed.success) return { kind: 'invalid', message: parsed.message, errors: parsed.errors };
    const referenceErrors = (await checkReferences?.(section, parsed.data)) ?? crossSectionErrors(section, parsed.data, await current());
    if (referenceErrors) return { kind: 'invalid', message: 'Please correct the highlighted fields', errors: referenceErrors };
    return { kind: 'valid', data: parsed.data, version: parsed.version };
  }

  return {
    current,

    read,

    validate,

    async save(section, input, editor) {
      const latest = await latestOf(section);
      const parsed = await validate(section, withFieldsAddedLater(section, input, sectionFields(latest)));
      if (parsed.kind === 'invalid') return parsed;
      if (latest.version !== parsed.version) return { kind: 'stale', current: latest };
      const { saved, stored } = await store(section, completeOnSave(section, parsed.data, sectionFields(latest)), parsed.version, editor);
      return saved ? { kind: 'saved', section: stored } : { kind: 'stale', current: await latestOf(section) };
    },

    async versions(section) {
      const rows = await db
        .selectFrom('siteContentVersions')
        .select(['version', 'createdAt', 'updatedByName'])
        .where('section', '=', section)
        .orderBy('version', 'desc')
        .execute();
      return rows.map((row) => ({ version: row.version, updatedAt: row.createdAt, updatedBy: row.updatedByName }));
    },

    async version(section, version) {
      const row = await findVersion(db, section, version);
      return row ? toStored(section, row, logger) : null;
    },

    async restore(section, version, editor) {
      const row = await findVersion(db, section, version);
      if (!row) return { kind: 'not-found' };
      return { kind: 'restored', section: await saveOnTop(section, decodeSection(section, row.data, logger), editor) };
    },

    async diff(section, version) {
      const row = await findVersion(db, section, version);
      if (!row) return null;
      const previous = version > 1 ? await findVersion(db, section, version - 1) : undefined;
      const before = previous ? decodeSection(section, previous.data, logger) : defaultSiteContent()[section];
      return { version, from: previous ? version - 1 : 0, changes: describeChanges(before, decodeSection(section, row.data, logger)) };
    },

    restoreOriginal(section, editor) {
      return saveOnTop(section, defaultSiteContent()[section], editor);
    },
  };
}
