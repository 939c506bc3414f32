import { describe, expect, it } from 'vitest';
import { describeActivity } from './activity.ts';

describe('the words of a repeated entry', () => {
  it('says nothing of a count of one', () => {
    expect(describeActivity({ action: 'file_downloaded', name: 'mix.wav', fileId: 3 })).toBe('Downloaded mix.wav');
    expect(describeActivity({ action: 'file_downloaded', name: 'mix.wav' }, 1)).toBe('Downloaded mix.wav');
  });

  it('says how many times a file or the ZIP was downloaded', () => {
    expect(describeActivity({ action: 'file_downloaded', name: 'mix.wav', fileId: 3 }, 3)).toBe('Downloaded mix.wav (3 times)');
    expect(describeActivity({ action: 'file_downloaded', name: 'mix.wav' }, 2)).toBe('Downloaded mix.wav (2 times)');
    expect(describeActivity({ action: 'zip_downloaded', files: 4, side: 'studio' }, 12)).toBe(
      'Downloaded all 4 deliveries as one ZIP (12 times)',
    );
    expect(describeActivity({ action: 'zip_downloaded', files: 1, side: 'studio' }, 2)).toBe('Downloaded the file as one ZIP (2 times)');
  });

  it('keeps every other sentence as it was', () => {
    expect(describeActivity({ action: 'signed_in' })).toBe('Signed in to the portal');
    expect(describeActivity({ action: 'file_uploaded', name: 'kick.wav', size: 2048 })).toMatch(/^Uploaded kick\.wav \(/);
  });
});
