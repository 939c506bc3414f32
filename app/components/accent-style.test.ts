import { describe, expect, it } from 'vitest';
import { accentStyle } from './accent-style.ts';

describe('the accent style', () => {
  it("sets the owner's colour and its shades, and nothing for the shipped one", () => {
    expect(accentStyle('#4ade80')).toMatchObject({
      '--color-accent': '#4ade80',
      '--color-accent-soft': expect.stringContaining('#4ade80'),
    });
    expect(accentStyle('#f5b83d')).toBeUndefined();
    expect(accentStyle(undefined)).toBeUndefined();
  });
});
