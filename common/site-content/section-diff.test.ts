import { describe, expect, it } from 'vitest';
import { changeSentence, describeChanges } from './section-diff.ts';
import { defaultSiteContent } from './sections.ts';

describe('what changed between two versions, in words', () => {
  it('names opening hours by weekday and words the times', () => {
    const before = defaultSiteContent().studio;
    const after = structuredClone(before);
    after.hours.days[0]!.opens = '10:00';
    after.name = 'Peachtree Sound';
    expect(describeChanges(before, after).map(changeSentence)).toEqual([
      'Name: “ATL Audio Mastering” → “Peachtree Sound”',
      'Opening hours › Days › Monday › Opens: 9:00 AM → 10:00 AM',
    ]);
  });

  it('names packages by their name, words prices, lists added items and whole included lists', () => {
    const before = defaultSiteContent().packages;
    const after = structuredClone(before);
    after.packages[1]!.price = 175;
    after.packages[1]!.included = ['Professional mix and master'];
    after.packages.push({ ...after.packages[0]!, key: 'stems', name: 'Stem Mastering' });
    const sentences = describeChanges(before, after).map(changeSentence);
    expect(sentences[0]).toBe('Packages › Package 2 (Standard Mix & Master) › Price: $150 → $175');
    expect(sentences[1]).toMatch(
      /^Packages › Package 2 \(Standard Mix & Master\) › Included: “Professional mix and master”, .* → “Professional mix and master”$/,
    );
    expect(sentences[2]).toBe('Added Packages › Package 4 (Stem Mastering)');
    expect(describeChanges(before, before)).toEqual([]);
  });
});
