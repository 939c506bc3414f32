import { describe, expect, it } from 'vitest';
import { MAX_PEAK_DBFS, MIN_BIT_DEPTH, MIN_LOSSY_KBPS, MIN_SAMPLE_RATE_HZ } from '#common/file-rules.ts';
import { DEFAULT_HOME, DEFAULT_PROCESS } from './default-process.ts';
import { HOME_BLOCKS, homeSchema } from './home.ts';
import { processSchema } from './process.ts';
import { changeSentence, describeChanges } from './section-diff.ts';
import { parseSectionInput } from './sections.ts';

const errorsOf = (section: 'process' | 'home', body: object) => {
  const parsed = parseSectionInput(section, { ...body, version: 0 });
  return parsed.success ? {} : parsed.errors;
};

describe('the process section', () => {
  it('ships the six steps of the brief, the reply time and turnaround as tokens', () => {
    expect(processSchema.parse(DEFAULT_PROCESS)).toEqual(DEFAULT_PROCESS);
    expect(DEFAULT_PROCESS.steps.map((step) => step.title)).toEqual([
      'Initial Consultation',
      'File Submission',
      'Professional Processing',
      'Review & Feedback',
      'Revisions & Refinement',
      'Final Delivery',
    ]);
    expect(DEFAULT_PROCESS.steps[0]!.text).toContain('we reply within {{studio.responseHours}} hours');
    expect(DEFAULT_PROCESS.timelineIntro).toContain('{{packages.turnaround}}');
    // No number of hours or days written out: they would not follow the settings.
    expect(JSON.stringify(DEFAULT_PROCESS)).not.toMatch(/\d+[- ](hours?|days?)\b/);
  });

  it('writes the file rules the upload checks use, as the home page always showed them', () => {
    const items = DEFAULT_PROCESS.preparing.checklist.flatMap((group) => group.items).join('\n');
    expect([MIN_BIT_DEPTH, MIN_SAMPLE_RATE_HZ, MIN_LOSSY_KBPS, MAX_PEAK_DBFS]).toEqual([24, 48_000, 320, -6]);
    expect(items).toContain('24-bit/48kHz minimum');
    expect(items).toContain('at 320kbps minimum');
    expect(items).toContain('Peaks must not exceed -6dB');
  });

  it('refuses an empty step list, an empty title, an unknown icon and an unknown field, by path', () => {
    expect(Object.keys(errorsOf('process', { ...DEFAULT_PROCESS, steps: [] }))).toEqual(['steps']);
    expect(Object.keys(errorsOf('process', { ...DEFAULT_PROCESS, steps: [{ title: ' ', text: 'Hi' }] }))).toEqual(['steps.0.title']);
    const guides = [{ ...DEFAULT_PROCESS.preparing.guides[0]!, icon: 'skull' }];
    expect(Object.keys(errorsOf('process', { ...DEFAULT_PROCESS, preparing: { ...DEFAULT_PROCESS.preparing, guides } }))).toEqual([
      'preparing.guides.0.icon',
    ]);
    expect(Object.keys(errorsOf('process', { ...DEFAULT_PROCESS, timeline: [] }))).toEqual(['body']);
  });

  it('names a new step and a changed standard in words in the history', () => {
    const after = structuredClone(DEFAULT_PROCESS);
    after.steps.splice(1, 0, { title: 'Stem Check', text: 'We check your stems.' });
    after.standards[1]!.text = 'Checked on everything we own.';
    const sentences = describeChanges(DEFAULT_PROCESS, after).map(changeSentence);
    expect(sentences).toContain('Steps › Step 2 (Stem Check) › Title: “File Submission” → “Stem Check”');
    expect(sentences).toContain('Added Steps › Step 7 (Final Delivery)');
    expect(sentences).toContainEqual(
      expect.stringMatching(
        /^Quality standards › Standard 2 \(Checked everywhere\) › Text: “Every mix .*” → “Checked on everything we own\.”$/,
      ),
    );
  });
});

describe('the home section', () => {
  it('ships every block once, shown, in the spec order', () => {
    expect(homeSchema.parse(DEFAULT_HOME)).toEqual(DEFAULT_HOME);
    expect(DEFAULT_HOME.blocks.map((block) => block.key)).toEqual([...HOME_BLOCKS]);
    expect(DEFAULT_HOME.blocks.every((block) => block.visible)).toBe(true);
  });

  it('takes any order and hidden blocks, with empty eyebrows and intros', () => {
    const blocks = [...DEFAULT_HOME.blocks].reverse().map((block) => ({ ...block, visible: false, eyebrow: '', intro: '' }));
    expect(errorsOf('home', { ...DEFAULT_HOME, blocks })).toEqual({});
  });

  it('refuses a missing, repeated or unknown block and an empty title, by path', () => {
    const [packages, ...rest] = DEFAULT_HOME.blocks;
    expect(errorsOf('home', { ...DEFAULT_HOME, blocks: rest })).toEqual({ blocks: ['The service packages block is missing'] });
    expect(errorsOf('home', { ...DEFAULT_HOME, blocks: [packages, packages, ...rest.slice(1)] })).toMatchObject({
      'blocks.1.key': ['Each block appears once'],
    });
    expect(Object.keys(errorsOf('home', { ...DEFAULT_HOME, blocks: [{ ...packages!, key: 'slider' }, ...rest] }))).toEqual([
      'blocks.0.key',
    ]);
    expect(Object.keys(errorsOf('home', { ...DEFAULT_HOME, blocks: [{ ...packages!, title: '' }, ...rest] }))).toEqual(['blocks.0.title']);
  });
});

describe('the home section in the history', () => {
  it('says a reorder once, then only what changed in each block', () => {
    const after = structuredClone(DEFAULT_HOME);
    const [packages, preparing, ...rest] = after.blocks;
    after.blocks = [preparing!, { ...packages!, visible: false }, ...rest];
    const titles = (blocks: typeof after.blocks) => blocks.map((block) => `“${block.title}”`).join(', ');
    expect(describeChanges(DEFAULT_HOME, after).map(changeSentence)).toEqual([
      `Blocks › Order: ${titles(DEFAULT_HOME.blocks)} → ${titles(after.blocks)}`,
      'Blocks › Block 2 (Our Service Packages) › Shown: yes → no',
    ]);
  });
});
