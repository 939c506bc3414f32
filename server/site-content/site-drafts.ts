import type { Kysely } from 'kysely';
import type { SectionDraft, DraftSummary } from '#common/site-content/drafts.ts';
import {
  SECTION_SCHEMAS,
  defaultSiteContent,
  isSiteSection,
  type SiteContent,
  type SiteSection,
  type StoredSection,
} from '#common/site-content/sections.ts';
import type { FieldErrors } from '#common/validation.ts';
import type { Database } from '#server/db/schema.ts';
import type { Logger } from '#server/logger.ts';
import type { ContentEditor, SiteContentService } from './site-content-service.ts';

export type SaveDraftOutcome<S extends SiteSection> =
  { kind: 'saved'; draft: SectionDraft<S> } | { kind: 'invalid'; message: string; errors: FieldErrors };

export type PublishDraftOutcome<S extends SiteSection> =
  | { kind: 'published'; section: StoredSection<S> }
  | { kind: 'not-found' }
  | { kind: 'invalid'; message: string; errors: FieldErrors }
  /** A save landed after the draft's base version (or the owner looked at another one): the draft stays. */
  | { kind: 'stale'; current: StoredSection<S> };

/** Unpublished drafts, one per section, and the preview that shows them to the signed-in owner. */
export interface SiteDrafts {
  get<S extends SiteSection>(section: S): Promise<SectionDraft<S> | null>;
  /** Validated exactly like a save (schema and image references); `version` in the body becomes `basedOn`. */
  save<S extends SiteSection>(section: S, input: unknown, editor: ContentEditor): Promise<SaveDraftOutcome<S>>;
  /** Publishes through the content service's own save (history, diff, cache clearing), then drops the draft. */
  publish<S extends SiteSection>(section: S, version: number, editor: ContentEditor): Promise<PublishDraftOutcome<S>>;
  /** False when there was none. */
  discard(section: SiteSection): Promise<boolean>;
  summaries(): Promise<Partial<Record<SiteSection, DraftSummary>>>;
  /** The content service as the owner's preview sees it: `current()` with every draft in place. */
  previewOf(siteContent: SiteContentService): SiteContentService;
}

interface DraftRow {
  section: string;
  basedOnVersion: number;
  data: string;
  updatedAt: string;
  updatedByName: string | null;
}

export interface SiteDraftsDeps {
  db: Kysely<Database>;
  logger: Logger;
  siteContent: SiteContentService;
}

/**
 * A stored draft's fields through today's schema (defaults fill fields added since). A draft that no
 * longer parses is left out (null): the preview then shows the published section, never a broken page.
 */
function decodeDraft<S extends SiteSection>(section: S, data: string, logger: Logger): SiteContent[S] | null {
  try {
    const parsed = SECTION_SCHEMAS[section].safeParse({ ...defaultSiteContent()[section], ...(JSON.parse(data) as object) });
    if (parsed.success) return parsed.data as SiteContent[S];
  } catch {
    // Unreadable JSON: treated as no draft below.
  }
  logger.error({ section }, 'a stored site content draft no longer matches its schema; it is ignored');
  return null;
}

export function createSiteDrafts({ db, logger, siteContent }: SiteDraftsDeps): SiteDrafts {
  const columns = ['section', 'basedOnVersion', 'data', 'updatedAt', 'updatedByName'] as const;
  const rowOf = (section: SiteSection): Promise<DraftRow | undefined> =>
    db.selectFrom('siteContentDrafts').select(columns).where('section', '=', section).executeTakeFirst();

  function toDraft<S extends SiteSection>(section: S, row: DraftRow): SectionDraft<S> | null {
    const fields = decodeDraft(section, row.data, logger);
    return fields ? { fields, basedOn: row.basedOnVersion, updatedAt: row.updatedAt, updatedBy: row.updatedByName } : null;
  }

  async function get<S extends SiteSection>(section: S): Promise<SectionDraft<S> | null> {
    const row = await rowOf(section);
    return row ? toDraft(section, row) : null;
  }

  return {
    get,

    async save(section, input, editor) {
      const parsed = await siteContent.validate(section, input);
      if (parsed.kind === 'invalid') return parsed;
      const row = {
        basedOnVersion: parsed.version,
        data: JSON.stringify(parsed.data),
        updatedById: editor.id,
        updatedByName: editor.username,
        updatedAt: new Date().toISOString(),
      };
      await db
        .insertInto('siteContentDrafts')
        .values({ section, ...row })
        .onConflict((conflict) => conflict.column('section').doUpdateSet(row))
        .execute();
      const saved = await get(section);
      if (!saved) throw new Error(`The draft of ${section} was saved but cannot be read back`);
      return { kind: 'saved', draft: saved };
    },

    async publish(section, version, editor) {
      const draft = await get(section);
      if (!draft) return { kind: 'not-found' };
      // The owner publishes what they saw: a draft replaced from another device since is not theirs to publish blind.
      if (draft.basedOn !== version) return { kind: 'stale', current: (await siteContent.read())[section] };
      const outcome = await siteContent.save(section, { ...draft.fields, version: draft.basedOn }, editor);
      if (outcome.kind !== 'saved') return outcome;
      await db.deleteFrom('siteContentDrafts').where('section', '=', section).where('updatedAt', '=', draft.updatedAt).execute();
      return { kind: 'published', section: outcome.section };
    },

    async discard(section) {
      const deleted = await db.deleteFrom('siteContentDrafts').where('section', '=', section).executeTakeFirst();
      return Number(deleted.numDeletedRows) > 0;
    },

    async summaries() {
      const rows = await db.selectFrom('siteContentDrafts').select(['section', 'basedOnVersion', 'updatedAt', 'updatedByName']).execute();
      const summaries: Partial<Record<SiteSection, DraftSummary>> = {};
      for (const row of rows) {
        if (!isSiteSection(row.section)) continue;
        summaries[row.section] = { basedOn: row.basedOnVersion, updatedAt: row.updatedAt, updatedBy: row.updatedByName };
      }
      return summaries;
    },

    previewOf(published) {
      let overlaid: Promise<SiteContent> | null = null;
      async function withDrafts(): Promise<SiteContent> {
        const [content, rows] = await Promise.all([published.current(), db.selectFrom('siteContentDrafts').select(columns).execute()]);
        const merged = { ...content } as Record<SiteSection, unknown>;
        for (const row of rows) {
          if (!isSiteSection(row.section)) continue;
          const fields = decodeDraft(row.section, row.data, logger);
          if (fields) merged[row.section] = fields;
        }
        return merged as unknown as SiteContent;
      }
      // One view per request: read once however many loaders ask. Everything but current() (the
      // admin's read, the sitemap, history) stays the published content.
      return {
        ...published,
        current: () => (overlaid ??= withDrafts()),
      };
    },
  };
}
