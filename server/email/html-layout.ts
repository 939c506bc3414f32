/*
 * The HTML part of every e-mail the site sends, made from its text part: one layout for every kind,
 * so a message reads the same in both parts and no kind can forget the studio's look. Tables and
 * inline styles because mail clients drop most of CSS; every text colour sits on a background of its
 * own, so a client that darkens one darkens both (nothing vanishes in dark mode).
 */

/** The owner's logo as a mail client may fetch it: a public https address and the box it is drawn in. */
export interface EmailLogo {
  url: string;
  width: number;
  height: number;
}

/** Who the message is from, as its header shows: the logo when there is a public one, else the name. */
export interface EmailBrand {
  name: string;
  /** `#rrggbb`, held by the brand schema to AA against the site's dark surfaces (so also under dark text). */
  accent: string;
  logo: EmailLogo | null;
}

/** The site's own dark surfaces (common/site-content/contrast.ts): the header band, and dark mode's card. */
const HEADER_BACKGROUND = '#15151c';
const DARK_CARD = '#1c1c25';
const INK = '#0b0b10';
const LIGHT_PAGE = '#f2f2f5';
const LIGHT_CARD = '#ffffff';
const BODY_TEXT = '#1f1f24';
const QUIET_TEXT = '#4a4a55';
const FOOTER_BOX = 'padding: 16px 28px 24px; font-size: 13px; border-top: 1px solid #dcdce2;';
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/g;
/** A line that is a label and a link ("Sign in: https://…") becomes a button that says the label. */
const LABELLED_LINK = /^([^:\s][^:]{0,39}): (https?:\/\/[^\s<>"'`]+)$/;

/** What a link's text says: where it goes (host and path), without a token or a query. */
export function linkWords(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return url;
  }
}

/** Punctuation that closes a sentence after a link is not part of it. */
function splitTrailing(url: string): [string, string] {
  const trailing = /[.,;:!?)]+$/.exec(url)?.[0] ?? '';
  return [url.slice(0, url.length - trailing.length), trailing];
}

function textLink(url: string): string {
  const style = `color: ${BODY_TEXT}; text-decoration: underline;`;
  return `<a href="${escapeHtml(url)}" style="${style}" class="mail-link">${escapeHtml(linkWords(url))}</a>`;
}

/** One line of text with its links made links; everything else escaped. */
function inlineLine(line: string): string {
  let html = '';
  let last = 0;
  for (const match of line.matchAll(URL_PATTERN)) {
    const [url, trailing] = splitTrailing(match[0]);
    html += escapeHtml(line.slice(last, match.index)) + textLink(url) + escapeHtml(trailing);
    last = match.index + match[0].length;
  }
  return html + escapeHtml(line.slice(last));
}

function button(label: string, url: string, accent: string): string {
  // Dark text on the accent: the brand schema holds the accent to AA against the site's ink.
  return (
    '<table role="presentation" style="border-collapse: collapse; margin: 4px 0;"><tbody>' +
    `<tr><td style="background-color: ${accent}; border-radius: 6px;">` +
    `<a href="${escapeHtml(url)}" style="display: inline-block; padding: 10px 18px; color: ${INK}; background-color: ${accent}; ` +
    `font-weight: 600; text-decoration: none; border-radius: 6px;">${escapeHtml(label)}</a></td></tr></tbody></table>`
  );
}

/** Lines of a hard-wrapped sentence read as one; a list of fields or a short line keeps its break. */
function continues(line: string, next: string): boolean {
  return line.length >= 60 && !/[.:!?;)]$/.test(line) && /^[a-z0-9`"(]/.test(next);
}

/** The text part's paragraphs (blank-line separated) as HTML blocks. */
export function textToHtmlBlocks(text: string, accent: string): string[] {
  const paragraphs = text.replace(/\r\n?/g, '\n').split(/\n\s*\n/);
  const blocks: string[] = [];
  for (const paragraph of paragraphs) {
    const lines = paragraph.split('\n').filter((line) => line.trim() !== '');
    let pending: string[] = [];
    const flush = () => {
      if (pending.length === 0) return;
      blocks.push(`<p style="margin: 0 0 16px; white-space: pre-wrap;">${pending.join('<br>')}</p>`);
      pending = [];
    };
    let current = '';
    lines.forEach((line, index) => {
      const labelled = LABELLED_LINK.exec(line.trim());
      if (labelled && !current) {
        flush();
        blocks.push(`<div style="margin: 0 0 16px;">${button(labelled[1]!, labelled[2]!, accent)}</div>`);
        return;
      }
      current = current ? `${current} ${line.trim()}` : line;
      const next = lines[index + 1];
      if (next !== undefined && continues(line, next)) return;
      pending.push(inlineLine(current));
      current = '';
    });
    flush();
  }
  return blocks;
}

function header(brand: EmailBrand): string {
  const mark = brand.logo
    ? `<img src="${escapeHtml(brand.logo.url)}" width="${brand.logo.width}" height="${brand.logo.height}" ` +
      `alt="${escapeHtml(brand.name)}" ` +
      `style="display: block; border: 0; height: ${brand.logo.height}px; width: ${brand.logo.width}px;">`
    : `<span style="color: ${brand.accent}; font-size: 20px; font-weight: 700;">${escapeHtml(brand.name)}</span>`;
  const style = `background-color: ${HEADER_BACKGROUND}; padding: 20px 28px; border-bottom: 4px solid ${brand.accent};`;
  return `<tr><td style="${style}">${mark}</td></tr>`;
}

/**
 * The whole HTML document of one message: the studio's mark, the subject as its heading, the text
 * part's words, and a footer naming who sent it. Nothing is fetched but a public logo.
 */
export function renderEmailHtml(message: { subject: string; text: string }, brand: EmailBrand, lang = 'en'): string {
  const card = `background-color: ${LIGHT_CARD}; font-family: ${FONT};`;
  const blocks = textToHtmlBlocks(message.text, brand.accent).join('\n');
  const subject = escapeHtml(message.subject);
  return `<!DOCTYPE html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${subject}</title>
<style>
@media (prefers-color-scheme: dark) {
  body, .mail-page { background-color: ${INK} !important; }
  .mail-card { background-color: ${DARK_CARD} !important; color: ${LIGHT_PAGE} !important; }
  .mail-card h1, .mail-quiet { color: ${LIGHT_PAGE} !important; }
  .mail-link { color: ${brand.accent} !important; }
}
</style>
</head>
<body style="margin: 0; padding: 0; background-color: ${LIGHT_PAGE};">
<main>
<table role="presentation" class="mail-page" style="width: 100%; border-collapse: collapse; background-color: ${LIGHT_PAGE};">
<tbody><tr><td style="padding: 24px 12px;">
<table role="presentation" style="width: 100%; max-width: 600px; margin: 0 auto; border-collapse: collapse;">
<tbody>
${header(brand)}
<tr><td class="mail-card" style="${card} color: ${BODY_TEXT}; padding: 28px; font-size: 16px; line-height: 1.5;">
<h1 style="margin: 0 0 20px; font-size: 22px; line-height: 1.3; color: ${BODY_TEXT};">${subject}</h1>
${blocks}
</td></tr>
<tr><td class="mail-card mail-quiet" style="${card} color: ${QUIET_TEXT}; ${FOOTER_BOX}">
Sent by the website of ${escapeHtml(brand.name)}.
</td></tr>
</tbody>
</table>
</td></tr></tbody>
</table>
</main>
</body>
</html>
`;
}
