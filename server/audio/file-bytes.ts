import { open } from 'node:fs/promises';

/** Positioned reads of one open file: container headers are read where they are, never the whole file. */
export interface FileBytes {
  size: number;
  /** Up to `length` bytes from `offset`; fewer at the end of the file. */
  read(offset: number, length: number): Promise<Buffer>;
}

export async function withFileBytes<T>(filePath: string, readHeaders: (bytes: FileBytes) => Promise<T>): Promise<T> {
  const handle = await open(filePath, 'r');
  try {
    const size = (await handle.stat()).size;
    return await readHeaders({
      size,
      async read(offset, length) {
        const wanted = Math.max(0, Math.min(length, size - offset));
        const buffer = Buffer.alloc(wanted);
        if (wanted === 0) return buffer;
        const { bytesRead } = await handle.read(buffer, 0, wanted, offset);
        return buffer.subarray(0, bytesRead);
      },
    });
  } finally {
    await handle.close();
  }
}

export const fourCC = (bytes: Buffer, offset: number) => bytes.toString('latin1', offset, offset + 4);
