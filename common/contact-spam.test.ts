import { describe, expect, it } from 'vitest';
import { contactFolderQuerySchema, SPAM_REASON_LABELS, SPAM_REASONS } from './contact-spam.ts';

describe('the contact folder query', () => {
  it('is the inbox unless the spam folder is asked for', () => {
    expect(contactFolderQuerySchema.parse({})).toEqual({ folder: 'inbox' });
    expect(contactFolderQuerySchema.parse({ folder: 'spam', other: 'ignored' })).toEqual({ folder: 'spam' });
  });

  it('refuses any other folder, an empty one and a repeated one', () => {
    for (const folder of ['junk', '', 'SPAM', ['spam', 'inbox']])
      expect(contactFolderQuerySchema.safeParse({ folder }).success).toBe(false);
  });
});

describe('spam reasons', () => {
  it('each have words for the owner', () => {
    expect(SPAM_REASONS.map((reason) => SPAM_REASON_LABELS[reason])).toEqual([
      'Sent too fast',
      'Hidden field filled',
      'Form stamp not valid',
    ]);
  });
});
