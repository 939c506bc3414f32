import Uppy from '@uppy/core';
import { describe, expect, it, vi } from 'vitest';
import { whenRestored } from './when-restored.ts';

/** What Golden Retriever does when its IndexedDB read is done: the saved files back in the state, then its event. */
function finishRestore(uppy: Uppy) {
  const id = uppy.addFile({ name: 'long-take.wav', type: 'audio/wav', data: new Blob([new Uint8Array(8)]) });
  uppy.setFileState(id, { isRestored: true } as never);
  uppy.emit('restored', undefined);
}

describe('whenRestored', () => {
  it('handles a restore that finished before it was called (the component subscribed late), once', () => {
    const uppy = new Uppy();
    finishRestore(uppy);
    const handle = vi.fn();
    whenRestored(uppy, handle);
    expect(handle).toHaveBeenCalledTimes(1);
  });

  it('waits for a restore still under way, and hears nothing after the unsubscribe', () => {
    const uppy = new Uppy();
    const handle = vi.fn();
    const stop = whenRestored(uppy, handle);
    expect(handle).not.toHaveBeenCalled();
    finishRestore(uppy);
    expect(handle).toHaveBeenCalledTimes(1);
    stop();
    uppy.emit('restored', undefined);
    expect(handle).toHaveBeenCalledTimes(1);
  });

  it('does nothing on a page with no earlier upload', () => {
    const handle = vi.fn();
    whenRestored(new Uppy(), handle);
    expect(handle).not.toHaveBeenCalled();
  });
});
