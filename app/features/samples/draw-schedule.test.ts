import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as DrawSchedule from './draw-schedule.ts';

type Schedule = typeof DrawSchedule;

/** A stand-in IntersectionObserver: the test says which elements came near. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  readonly observed = new Set<Element>();
  constructor(
    readonly callback: (entries: Array<{ target: Element; isIntersecting: boolean }>) => void,
    readonly options: { rootMargin?: string },
  ) {
    FakeObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  report(element: Element, isIntersecting: boolean) {
    this.callback([{ target: element, isIntersecting }]);
  }
}

const element = (name: string) => ({ name }) as unknown as Element;

async function freshSchedule(): Promise<Schedule> {
  vi.resetModules();
  return import('./draw-schedule');
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  FakeObserver.instances = [];
});

describe('whenNearViewport', () => {
  beforeEach(() => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });

  it('calls back once, when the element first comes near, through one observer for every player', async () => {
    const { whenNearViewport, NEAR_VIEWPORT_MARGIN } = await freshSchedule();
    const first = element('first');
    const second = element('second');
    const onFirst = vi.fn();
    const onSecond = vi.fn();
    whenNearViewport(first, onFirst);
    whenNearViewport(second, onSecond);
    expect(FakeObserver.instances).toHaveLength(1);
    const [observer] = FakeObserver.instances;
    expect(observer.options.rootMargin).toBe(NEAR_VIEWPORT_MARGIN);

    observer.report(first, false);
    expect(onFirst).not.toHaveBeenCalled();
    observer.report(first, true);
    observer.report(first, true);
    expect(onFirst).toHaveBeenCalledTimes(1);
    expect(onSecond).not.toHaveBeenCalled();
    expect([...observer.observed]).toEqual([second]);
  });

  it('forgets an element whose player went away before it came near', async () => {
    const { whenNearViewport } = await freshSchedule();
    const gone = element('gone');
    const onNear = vi.fn();
    whenNearViewport(gone, onNear)();
    const [observer] = FakeObserver.instances;
    expect(observer.observed.size).toBe(0);
    observer.report(gone, true);
    expect(onNear).not.toHaveBeenCalled();
  });

  it('calls back at once where the browser has no IntersectionObserver', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const { whenNearViewport } = await freshSchedule();
    const onNear = vi.fn();
    whenNearViewport(element('any'), onNear);
    expect(onNear).toHaveBeenCalledTimes(1);
  });
});

describe('inIdleTime', () => {
  it('runs one task per idle period, in order, each with a deadline so a busy page cannot starve it', async () => {
    const idle: Array<{ run: () => void; timeout?: number }> = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void, options?: { timeout?: number }) =>
      idle.push({ run, timeout: options?.timeout }),
    );
    const { inIdleTime, IDLE_TIMEOUT_MS } = await freshSchedule();
    const ran: string[] = [];
    inIdleTime(() => ran.push('a'));
    inIdleTime(() => ran.push('b'));
    const cancelC = inIdleTime(() => ran.push('c'));
    inIdleTime(() => ran.push('d'));
    cancelC();

    expect(idle).toHaveLength(1);
    expect(idle[0].timeout).toBe(IDLE_TIMEOUT_MS);
    idle.shift()!.run();
    expect(ran).toEqual(['a']);
    idle.shift()!.run();
    idle.shift()!.run();
    expect(ran).toEqual(['a', 'b', 'd']);
    expect(idle).toHaveLength(0);
  });

  it('goes on with the next task after one that throws', async () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    const { inIdleTime } = await freshSchedule();
    const after = vi.fn();
    inIdleTime(() => {
      throw new Error('broken player');
    });
    inIdleTime(after);
    expect(() => idle.shift()!()).toThrow('broken player');
    idle.shift()!();
    expect(after).toHaveBeenCalledTimes(1);
  });

  it('falls back to short timeouts where requestIdleCallback is missing', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const { inIdleTime } = await freshSchedule();
    const ran: number[] = [];
    inIdleTime(() => ran.push(1));
    inIdleTime(() => ran.push(2));
    expect(ran).toEqual([]);
    await vi.advanceTimersToNextTimerAsync();
    expect(ran).toEqual([1]);
    await vi.advanceTimersToNextTimerAsync();
    expect(ran).toEqual([1, 2]);
  });
});
