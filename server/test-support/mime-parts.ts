/*
 * A raw e-mail (.eml) read back as its tree of MIME parts, for tests that check how a message is
 * built: which part holds which, and an attachment's bytes. Enough of RFC 2045/2046 for what
 * nodemailer writes (boundaries, base64 and quoted-printable bodies); not a general parser.
 */

export interface MimePart {
  /** `multipart/mixed`, `text/plain`, `application/pdf` (lower case, without parameters). */
  type: string;
  headers: Map<string, string>;
  parts: MimePart[];
  /** The decoded body of a leaf part. */
  body: Buffer;
}

function splitHead(raw: string): { head: string; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  if (at < 0) return { head: raw, body: '' };
  const gap = raw.slice(at).match(/^\r?\n\r?\n/)![0].length;
  return { head: raw.slice(0, at), body: raw.slice(at + gap) };
}

function readHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decode(body: string, encoding: string | undefined): Buffer {
  switch (encoding?.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64');
    case 'quoted-printable':
      return Buffer.from(
        body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      );
    default:
      return Buffer.from(body, 'utf8');
  }
}

export function parseMime(raw: string): MimePart {
  const { head, body } = splitHead(raw);
  const headers = readHeaders(head);
  const contentType = headers.get('content-type') ?? 'text/plain';
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!type.startsWith('multipart/') || !boundary)
    return { type, headers, parts: [], body: decode(body, headers.get('content-transfer-encoding')) };
  const sections = body.split(`--${boundary}`).slice(1);
  const parts = sections
    .filter((section) => !section.startsWith('--'))
    .map((section) => parseMime(section.replace(/^\r?\n/, '').replace(/\r?\n$/, '')));
  return { type, headers, parts, body: Buffer.alloc(0) };
}

/** The message's shape as nested types: `multipart/mixed(multipart/alternative(text/plain,text/html),application/pdf)`. */
export function mimeShape(part: MimePart): string {
  return part.parts.length === 0 ? part.type : `${part.type}(${part.parts.map(mimeShape).join(',')})`;
}
