/** A place in a work queue: its work runs when every earlier place's work has finished. */
export interface QueuePlace {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Gives the place up without running (idempotent; `run` releases it by itself when the work settles). */
  release(): void;
}

/**
 * Runs one job at a time, with at most `capacity` places taken (running or waiting). A caller takes
 * a place before it reads its input, so what is held in memory is bounded too, and the caller told
 * "full" can say so at once instead of waiting past its connection's idle timeout.
 */
export function createWorkQueue(capacity: number): { reserve(): QueuePlace | null; readonly taken: number } {
  let taken = 0;
  let tail: Promise<unknown> = Promise.resolve();
  return {
    get taken() {
      return taken;
    },
    reserve() {
      if (taken >= capacity) return null;
      taken += 1;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        taken -= 1;
      };
      return {
        run(work) {
          const turn = tail.then(work);
          tail = turn.then(
            () => undefined,
            () => undefined,
          );
          return turn.finally(release);
        },
        release,
      };
    },
  };
}
