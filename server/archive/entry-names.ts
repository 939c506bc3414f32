/**
 * Names for the entries of a downloaded archive. They come from what clients and the owner called
 * their files, so they are made safe to extract anywhere: no absolute paths or `..` that would write
 * outside the folder the user picked, no characters Windows refuses, and no two entries that land on
 * the same file (compared without case, as Windows and macOS compare names).
 */

/** Control characters, line breaks and what Windows forbids in a file name (`:` also names a drive). */
const UNSAFE_CHARACTERS = /[\p{Cc}\p{Zl}\p{Zp}<>:"|?*]/gu;
/** Device names Windows will not create as files, with or without an extension. */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i;

function safeSegment(segment: string): string {
  // Windows drops trailing dots and spaces, so `a.` would meet `a`; a segment of dots (`.`, `..`) ends empty.
  const trimmed = segment.replace(/^\s+/, '').replace(/[\s.]+$/, '');
  return WINDOWS_DEVICE.test(trimmed) ? `_${trimmed}` : trimmed;
}

/**
 * One name made safe to extract: backslashes become folder separators, leading slashes, `.` and `..`
 * segments disappear, unsafe characters become `_`. Composed Unicode (NFC), so a name typed on macOS
 * (decomposed) and one typed elsewhere compare equal. Never empty.
 */
export function safeEntryName(name: string): string {
  const segments = name.normalize('NFC').replace(/\\/g, '/').replace(UNSAFE_CHARACTERS, '_').split('/').map(safeSegment);
  return segments.filter((segment) => segment !== '').join('/') || 'file';
}

function numbered(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  // A dot that starts the last segment (`.env`) is part of the name, not an extension.
  if (dot <= name.lastIndexOf('/') + 1) return `${name} (${n})`;
  return `${name.slice(0, dot)} (${n})${name.slice(dot)}`;
}

/**
 * The archive names of a list of files, in order: each made safe, and a name already taken gets a
 * number before its extension (`mix.wav`, `mix (2).wav`). Applying it twice changes nothing, so the
 * route may call it for its own records and the ZIP writer calls it again.
 */
export function archiveNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((original) => {
    const name = safeEntryName(original);
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = numbered(name, n);
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}
