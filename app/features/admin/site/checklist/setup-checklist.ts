import { isPlaceholderAdminEmail } from '#common/admin-auth.ts';
import type { SiteSection, StoredSiteContent } from '#common/site-content/sections.ts';

/** Where an item's editor is: a section of the Site area, the samples tab, or the account menu. */
export type ChecklistTarget = { kind: 'site'; section: SiteSection } | { kind: 'samples' } | { kind: 'account' };

export interface ChecklistItem {
  id: 'studio' | 'admin-email' | 'prices' | 'founder' | 'social' | 'samples';
  label: string;
  /** What to do, shown under the label until it is done. */
  hint: string;
  done: boolean;
  target: ChecklistTarget;
}

export interface ChecklistFacts {
  site: StoredSiteContent;
  adminEmail: string;
  /** The samples as the admin lists them; `isDemo` marks one the demo seed made and nobody replaced. */
  samples: ReadonlyArray<{ id: number; isDemo?: boolean }>;
}

/** The first-run checklist: each item ticks itself as soon as its fact is set. */
export function setupChecklist({ site, adminEmail, samples }: ChecklistFacts): ChecklistItem[] {
  return [
    {
      id: 'studio',
      label: 'Confirm the studio name and e-mail',
      hint: 'Check them in Studio and save once.',
      done: site.studio.version > 0,
      target: { kind: 'site', section: 'studio' },
    },
    {
      id: 'admin-email',
      label: 'Set your own admin e-mail',
      hint: 'So that “Forgot password” reaches you: account menu, Profile.',
      done: !isPlaceholderAdminEmail(adminEmail),
      target: { kind: 'account' },
    },
    {
      id: 'prices',
      label: 'Confirm your packages',
      hint: 'Price, revisions and turnaround of each package: every page shows them. Check them and save once.',
      done: site.packages.version > 0,
      target: { kind: 'site', section: 'packages' },
    },
    {
      id: 'founder',
      label: 'Introduce the founder',
      hint: 'A name (and a photo) for the About page.',
      done: site.about.founderName.trim() !== '',
      target: { kind: 'site', section: 'about' },
    },
    {
      id: 'social',
      label: 'Add your social links',
      hint: 'Instagram, YouTube, SoundCloud... shown in the footer.',
      done: site.studio.social.length > 0,
      target: { kind: 'site', section: 'studio' },
    },
    {
      id: 'samples',
      label: 'Replace the demo samples',
      hint: 'Upload your own work and delete the demo tracks.',
      done: !samples.some((sample) => sample.isDemo === true),
      target: { kind: 'samples' },
    },
  ];
}

export const checklistComplete = (items: ChecklistItem[]) => items.every((item) => item.done);
