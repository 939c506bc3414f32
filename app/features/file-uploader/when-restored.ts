import type { Uppy } from '@uppy/core';

/**
 * Runs `handle` once Golden Retriever has put back the files of an earlier page. Its restore starts
 * when the plugin is installed (with the Uppy instance, during React's render) and ends after an
 * IndexedDB read, which on a busy machine can be before the component's effects run and subscribe:
 * so the files it already restored are handled at once, and a restore still under way by its event.
 * Returns the unsubscribe.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any Uppy, whatever its file meta
export function whenRestored(uppy: Uppy<any, any>, handle: () => void): () => void {
  uppy.on('restored', handle);
  if (uppy.getFiles().some((file) => file.isRestored)) handle();
  return () => void uppy.off('restored', handle);
}
