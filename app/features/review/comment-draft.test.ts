import { describe, expect, it } from 'vitest';
import { checkDraft, draftMarker, EMPTY_DRAFT } from './comment-draft.ts';

describe('checkDraft', () => {
  it('takes the playhead while the draft follows it, and the pinned moment once pinned', () => {
    expect(checkDraft({ ...EMPTY_DRAFT, body: ' Too loud ' }, 12.3, 60)).toEqual({
      ok: true,
      atSeconds: 12.3,
      endSeconds: null,
      body: 'Too loud',
    });
    expect(checkDraft({ pinned: true, atText: '0:42', endText: null, body: 'x' }, 3, 60)).toMatchObject({ atSeconds: 42 });
  });

  it('reads a range and refuses one that ends before it starts or after the song', () => {
    expect(checkDraft({ pinned: true, atText: '0:10', endText: '0:20', body: 'x' }, 0, 60)).toMatchObject({
      atSeconds: 10,
      endSeconds: 20,
    });
    expect(checkDraft({ pinned: true, atText: '0:20', endText: '0:10', body: 'x' }, 0, 60)).toEqual({
      ok: false,
      message: 'The range must end after it starts',
    });
    expect(checkDraft({ pinned: true, atText: '0:50', endText: '1:05', body: 'x' }, 0, 60)).toMatchObject({ ok: false });
  });

  it('says what is wrong with a moment or an empty comment', () => {
    expect(checkDraft({ pinned: true, atText: 'soon', endText: null, body: 'x' }, 0, 60)).toMatchObject({ ok: false });
    expect(checkDraft({ pinned: true, atText: '1:30', endText: null, body: 'x' }, 0, 60)).toEqual({
      ok: false,
      message: 'The song ends at 1:00',
    });
    expect(checkDraft({ ...EMPTY_DRAFT, body: '   ' }, 0, 60)).toEqual({ ok: false, message: 'Write a comment' });
  });
});

describe('draftMarker', () => {
  it('marks a pinned moment or range, nothing while following the playhead', () => {
    expect(draftMarker(EMPTY_DRAFT)).toBeNull();
    expect(draftMarker({ pinned: true, atText: '0:42', endText: null, body: '' })).toEqual({ at: 42, end: null });
    expect(draftMarker({ pinned: true, atText: '0:10', endText: '0:20', body: '' })).toEqual({ at: 10, end: 20 });
  });
});
