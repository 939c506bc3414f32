import { describe, expect, it } from 'vitest';
import { estimate, formatDuration, LOG_INTERVAL_MS, ProgressReporter, TERMINAL_INTERVAL_MS } from './progress.ts';

const MB = 1024 * 1024;

/** A reporter on a stand-in stderr and a clock the test moves. */
function reporterOn(stream: { isTTY?: boolean; columns?: number }) {
  let clock = 1000;
  const written: string[] = [];
  const reporter = new ProgressReporter({ ...stream, write: (text: string) => written.push(text) }, () => clock);
  return {
    reporter,
    written,
    tick: (ms: number) => (clock += ms),
  };
}

describe('estimate', () => {
  it('gives the average rate since the start and the time the rest takes at that rate', () => {
    expect(estimate(30 * MB, 100 * MB, 10_000)).toEqual({ bytesPerSecond: 3 * MB, secondsLeft: 70 / 3 });
    expect(estimate(100 * MB, 100 * MB, 4_000)).toEqual({ bytesPerSecond: 25 * MB, secondsLeft: 0 });
  });

  it('says nothing before anything moved, and no time left in the first second', () => {
    expect(estimate(0, 100 * MB, 5_000)).toEqual({ bytesPerSecond: null, secondsLeft: null });
    expect(estimate(MB, 100 * MB, 0)).toEqual({ bytesPerSecond: null, secondsLeft: null });
    expect(estimate(MB, 100 * MB, 500)).toEqual({ bytesPerSecond: 2 * MB, secondsLeft: null });
  });

  it('writes durations in whole seconds, rounded up, then minutes and hours', () => {
    expect([0.2, 44.1, 60, 185, 3600, 7625].map(formatDuration)).toEqual([
      '1 s',
      '45 s',
      '1 min 00 s',
      '3 min 05 s',
      '1 h 00 min',
      '2 h 07 min',
    ]);
  });
});

describe('progress on stderr', () => {
  it('on a terminal rewrites one line at most four times a second, and leaves the final state', () => {
    const { reporter, written, tick } = reporterOn({ isTTY: true });
    reporter.begin('Backing up', { objects: 4, bytes: 40 * MB });
    for (let i = 0; i < 20; i++) {
      tick(50);
      reporter.advance({ bytes: MB / 2 });
    }
    reporter.advance({ objects: 1 });
    reporter.end();
    // The first line at once, then one per TERMINAL_INTERVAL_MS over the second that passed, then the end.
    expect(written.length).toBe(1 + 1000 / TERMINAL_INTERVAL_MS + 1);
    expect(written.slice(0, -1).every((text) => text.startsWith('\r') && text.endsWith('\x1b[K'))).toBe(true);
    expect(written[0]).toBe('\rBacking up: 0 of 4 objects, 0 bytes of 40.0 MB\x1b[K');
    expect(written.at(-2)).toBe('\rBacking up: 0 of 4 objects, 10.0 MB of 40.0 MB, 10.0 MB/s, about 3 s left\x1b[K');
    expect(written.at(-1)).toBe('\rBacking up: 1 of 4 objects, 10.0 MB of 40.0 MB, 10.0 MB/s, done in 1.0 s\x1b[K\n');
  });

  it('in a log writes a plain line every few seconds and one at the end', () => {
    const { reporter, written, tick } = reporterOn({ isTTY: false });
    reporter.begin('Restoring', { objects: 2, bytes: 600 * MB });
    for (let second = 0; second < 12; second++) {
      tick(1000);
      reporter.advance({ bytes: 10 * MB });
    }
    reporter.advance({ objects: 1 });
    reporter.end();
    expect(written).toEqual([
      'Restoring: 0 of 2 objects, 50.0 MB of 600.0 MB, 10.0 MB/s, about 55 s left\n',
      'Restoring: 0 of 2 objects, 100.0 MB of 600.0 MB, 10.0 MB/s, about 50 s left\n',
      'Restoring: 1 of 2 objects, 120.0 MB of 600.0 MB, 10.0 MB/s, done in 12.0 s\n',
    ]);
    expect(LOG_INTERVAL_MS).toBe(5000);
  });

  it('counts objects without a total where the step knows none, and keeps a line within the terminal', () => {
    const { reporter, written, tick } = reporterOn({ isTTY: true, columns: 30 });
    reporter.begin('Checking', { objects: null, bytes: 2 * MB });
    tick(300);
    reporter.advance({ bytes: MB, objects: 3 });
    expect(written.at(-1)).toBe('\rChecking: 3 objects, 1.0 MB o\x1b[K');
  });

  it('ends a line left open by a failed step before anything else is printed, and skips empty steps', () => {
    const { reporter, written } = reporterOn({ isTTY: true });
    reporter.begin('Restoring', { objects: 1, bytes: MB });
    reporter.close();
    expect(written.at(-1)).toBe('\n');
    reporter.close();
    reporter.begin('Backing up', { objects: 0, bytes: 0 });
    reporter.advance({ objects: 1 });
    reporter.end();
    expect(written.length).toBe(2);
    const log = reporterOn({});
    log.reporter.begin('Restoring', { objects: 1, bytes: MB });
    log.reporter.close();
    expect(log.written).toEqual([]);
  });
});
