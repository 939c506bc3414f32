/** One range of bytes, both ends inclusive as in HTTP (the object store reads the same shape). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Reads a Range header for one range of a `size`-byte object. Returns null to send the whole
 * object (no header, several ranges, other units) and 'unsatisfiable' for a range beyond the end.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first, last] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
