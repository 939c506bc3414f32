import { describe, expect, it, vi } from 'vitest';
import { createPlaySession } from './play-session.ts';

/** Time updates every 0.25 s from `from` to `to` seconds of the track. */
const play = (session: ReturnType<typeof createPlaySession>, from: number, to: number) => {
  for (let time = from; time <= to + 1e-9; time += 0.25) session.timeUpdate(time, true);
};

describe('a play session', () => {
  it('counts one play once more than 5 seconds were listened, and only once', () => {
    const onPlay = vi.fn();
    const session = createPlaySession(onPlay);
    play(session, 0, 4.75);
    expect(onPlay).not.toHaveBeenCalled();
    play(session, 5, 30);
    expect(onPlay).toHaveBeenCalledTimes(1);
  });

  it('does not count seeks or time while paused', () => {
    const onPlay = vi.fn();
    const session = createPlaySession(onPlay);
    play(session, 0, 2);
    // A jump ahead on the waveform: 2 s listened so far, not 60.
    play(session, 60, 62);
    session.timeUpdate(62, false);
    session.interrupt();
    session.timeUpdate(120, false);
    expect(onPlay).not.toHaveBeenCalled();
    play(session, 120, 121.25);
    expect(onPlay).toHaveBeenCalledTimes(1);
  });

  it('adds up listening across pauses in one session, and starts over after the track finished', () => {
    const onPlay = vi.fn();
    const session = createPlaySession(onPlay);
    play(session, 0, 3);
    session.interrupt();
    play(session, 3, 6);
    expect(onPlay).toHaveBeenCalledTimes(1);
    session.finish();
    play(session, 0, 4);
    expect(onPlay).toHaveBeenCalledTimes(1);
    play(session, 4, 6);
    expect(onPlay).toHaveBeenCalledTimes(2);
  });
});
