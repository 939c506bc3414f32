import type { SiteContent, SiteSection, StoredSiteContent } from './sections.ts';

/**
 * A section's one unpublished draft (docs/decisions/076-drafts-and-preview.md): what
 * `PUT /api/admin/site/{section}/draft` and `GET .../draft` answer.
 */
export interface SectionDraft<S extends SiteSection = SiteSection> {
  fields: SiteContent[S];
  /** The published version the draft was edited from; publishing is refused (409) once a newer one exists. */
  basedOn: number;
  updatedAt: string;
  /** The admin who saved it (username or display name at the time); null when the account is gone. */
  updatedBy: string | null;
}

/** What `GET /api/admin/site` says of a draft: that it exists, and since when. */
export type DraftSummary = Omit<SectionDraft, 'fields'>;

/** `GET /api/admin/site`: every section as before, plus `drafts` naming the sections that have one. */
export type AdminSiteContent = StoredSiteContent & { drafts: Partial<Record<SiteSection, DraftSummary>> };

/** The query that asks a public page for the owner's drafts. */
export const PREVIEW_PARAM = 'preview';
export const PREVIEW_VALUE = 'draft';
/** Ends the preview (the banner's Leave preview). */
export const PREVIEW_LEAVE_VALUE = 'off';
