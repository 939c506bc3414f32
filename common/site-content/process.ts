import { line, paragraphs } from './fields.ts';
import { z } from '#common/zod.ts';

/** A titled short text: a step of the process, a quality standard (one paragraph: line breaks read as spaces). */
export const titledTextSchema = z.strictObject({
  title: line('Title', 80),
  text: paragraphs('Text', 600),
});

/** A titled list of short lines: a group of the file checklist, a guideline card. */
const checklistSchema = z.strictObject({
  title: line('Title', 80),
  items: z.array(line('Item', 200)).min(1, 'Add at least one item').max(12, 'At most 12 items'),
});

/** The icon beside a guideline card (the home page's "Preparing your project"). */
export const GUIDE_ICONS = ['mic', 'music', 'tip', 'check'] as const;
export type GuideIcon = (typeof GUIDE_ICONS)[number];
export const GUIDE_ICON_LABELS: Record<GuideIcon, string> = { mic: 'Microphone', music: 'Music note', tip: 'Light bulb', check: 'Tick' };

/**
 * The Process page and how to prepare a project. Step numbers come from the order; the timeline's
 * per-package cards come from the packages section, so only its intro is here. Texts are plain,
 * with tokens ({{studio.responseHours}}, {{packages.turnaround}}); a blank line starts a paragraph.
 */
export const processSchema = z.strictObject({
  intro: paragraphs('Intro', 600),
  steps: z.array(titledTextSchema).min(1, 'Add at least one step').max(12, 'At most 12 steps'),
  standards: z.array(titledTextSchema).max(12, 'At most 12 quality standards'),
  timelineIntro: paragraphs('Timeline intro', 800),
  preparing: z.strictObject({
    checklistTitle: line('Checklist title', 80),
    checklist: z.array(checklistSchema).max(4, 'At most 4 groups'),
    guides: z
      .array(checklistSchema.extend({ icon: z.enum(GUIDE_ICONS, { error: 'Choose an icon from the list' }) }))
      .max(6, 'At most 6 guides'),
  }),
  cta: z.strictObject({ title: line('Title', 100), text: paragraphs('Text', 600) }),
});

export type Process = z.infer<typeof processSchema>;
export type TitledText = z.infer<typeof titledTextSchema>;
