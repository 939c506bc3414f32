import { createReadStream } from 'node:fs';
import type { ObjectStore } from '#server/storage/object-store.ts';
import { STREAM_CONTENT_TYPE } from './streaming-copy.ts';

/**
 * Stores a streaming copy the analysis wrote to a temporary file, streamed (never whole in memory),
 * local store and S3 alike: the samples' copies (decision 087) and the review room's listening
 * copies (decision 101) go into the store the same way.
 */
export async function storeStreamingCopy(store: ObjectStore, key: string, filePath: string, size: number): Promise<void> {
  await store.writeStream(key, createReadStream(filePath), size, STREAM_CONTENT_TYPE);
}
