import type { Generated } from 'kysely';
import type { Timestamp } from './timestamp.ts';

export interface SiteContentVersionsTable {
  id: Generated<number>;
  section: string;
  version: number;
  /** The section's fields as JSON text. */
  data: string;
  updatedById: number | null;
  updatedByName: string | null;
  createdAt: Timestamp;
}

/** The one unpublished draft of a section (0016_site_content_drafts). */
export interface SiteContentDraftsTable {
  section: string;
  basedOnVersion: number;
  /** The section's fields as JSON text. */
  data: string;
  updatedById: number | null;
  updatedByName: string | null;
  updatedAt: Timestamp;
}

export interface SiteImagesTable {
  id: string;
  width: number;
  height: number;
  /** JSON array of the rendition widths. */
  widths: string;
  originalKey: string;
  originalType: string;
  byteSize: number;
  uploadedById: number | null;
  createdAt: Timestamp;
}

/** The owner's site content: published versions, drafts and images (server/site-content). */
export interface SiteContentTables {
  siteContentVersions: SiteContentVersionsTable;
  siteContentDrafts: SiteContentDraftsTable;
  siteImages: SiteImagesTable;
}
