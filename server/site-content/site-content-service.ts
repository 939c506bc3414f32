import type { FieldErrors } from '#common/validation.ts';
import type { SectionChange } from '#common/site-content/section-diff.ts';
import type { SectionVersionSummary, SiteContent, SiteSection, StoredSection, StoredSiteContent } from '#common/site-content/sections.ts';

/** Who saved a version (the signed-in admin). */
export interface ContentEditor {
  id: number;
  username: string;
}

export type SaveSectionOutcome<S extends SiteSection> =
  | { kind: 'saved'; section: StoredSection<S> }
  | { kind: 'invalid'; message: string; errors: FieldErrors }
  /** Another save landed after the version the editor started from. */
  | { kind: 'stale'; current: StoredSection<S> };

/** `GET .../versions/{n}/diff`: the changes from version `from` (0 = the shipped defaults) to `version`. */
export interface VersionDiff {
  version: number;
  from: number;
  changes: SectionChange[];
}

export type ValidatedSection<S extends SiteSection> =
  { kind: 'valid'; data: SiteContent[S]; version: number } | { kind: 'invalid'; message: string; errors: FieldErrors };

export type RestoreVersionOutcome<S extends SiteSection> = { kind: 'restored'; section: StoredSection<S> } | { kind: 'not-found' };

/**
 * The owner's site content (common/site-content/sections.ts): one versioned document per section.
 * `current()` is what every page, the structured data, the sitemap and the e-mails read; it comes
 * from memory after the first read and is dropped on every invalidation (any instance's write).
 */
export interface SiteContentService {
  /** Every section's fields (the defaults for a section never saved). No database round trip once cached. */
  current(): Promise<SiteContent>;
  /** Every section with its version and updatedAt (the admin's GET). */
  read(): Promise<StoredSiteContent>;
  /**
   * The checks every write of a section runs before anything is stored (a save, a draft): the schema
   * (parseSectionInput), the images it names, what it names in other sections.
   */
  validate<S extends SiteSection>(section: S, input: unknown): Promise<ValidatedSection<S>>;
  /** Validates the raw body (validate), checks the version, stores a new version. */
  save<S extends SiteSection>(section: S, input: unknown, editor: ContentEditor): Promise<SaveSectionOutcome<S>>;
  /** Newest first. */
  versions(section: SiteSection): Promise<SectionVersionSummary[]>;
  /** The fields of one stored version (to view it before restoring), or null. */
  version<S extends SiteSection>(section: S, version: number): Promise<StoredSection<S> | null>;
  /** Saves an old version's fields as a new version. */
  restore<S extends SiteSection>(section: S, version: number, editor: ContentEditor): Promise<RestoreVersionOutcome<S>>;
  /** What a version changed from the one before it (version 1: from the shipped defaults), in words; null when there is no such version. */
  diff(section: SiteSection, version: number): Promise<VersionDiff | null>;
  /** Saves the shipped defaults (the original text) as a new version. */
  restoreOriginal<S extends SiteSection>(section: S, editor: ContentEditor): Promise<StoredSection<S>>;
}
