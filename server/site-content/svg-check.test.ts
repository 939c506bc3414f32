import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MAX_SVG_BYTES, MAX_SVG_ELEMENTS } from '#common/site-content/image-upload.ts';
import { inspectImage } from './image-renditions.ts';
import { checkSvg, checkSvgSize, isCompressed, isMarkup } from './svg-check.ts';

const svg = (inner: string) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">${inner}</svg>`);

describe('an uploaded SVG', () => {
  it('may be a drawing with gradients, internal references and an embedded picture', () => {
    const drawing = svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient><path id="p" d="M0 0h5"/></defs>' +
        '<rect width="10" height="10" fill="url(#g)" style="fill: url(\'#g\')"/><use xlink:href="#p"/>' +
        '<image href="data:image/png;base64,iVBORw0KGgo=" width="2" height="2"/>',
    );
    expect(checkSvg(drawing)).toEqual({ ok: true });
  });

  it('is refused with a reason when it holds a script, an event handler or embedded HTML', () => {
    expect(checkSvg(svg('<script>alert(1)</script>'))).toEqual({ ok: false, reason: 'it holds a script' });
    expect(checkSvg(svg('<svg:script href="x.js"/>'))).toMatchObject({ ok: false, reason: 'it holds a script' });
    expect(checkSvg(svg('<rect width="10" height="10" onload="alert(1)"/>'))).toMatchObject({ ok: false, reason: /event handler/ });
    expect(checkSvg(svg('<a href="javascript:alert(1)"><rect width="1" height="1"/></a>'))).toMatchObject({ ok: false });
    expect(checkSvg(svg('<foreignObject><div>hi</div></foreignObject>'))).toMatchObject({ ok: false, reason: /HTML/ });
  });

  it('is refused when it would reach outside the file: links, external images, styles or entities', () => {
    for (const inner of [
      '<image href="https://tracker.example/pixel.png" width="1" height="1"/>',
      '<image xlink:href="file:///etc/passwd" width="1" height="1"/>',
      '<use href="other.svg#logo"/>',
      '<rect width="1" height="1" style="fill: url(https://example.com/x.svg#p)"/>',
      '<style>@import "https://example.com/a.css";</style>',
    ]) {
      expect(checkSvg(svg(inner)).ok, inner).toBe(false);
    }
    const entity = Buffer.from('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>');
    expect(checkSvg(entity)).toMatchObject({ ok: false, reason: /entities/ });
    // Illustrator's plain DOCTYPE declares nothing.
    const illustrator = Buffer.from(
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    expect(checkSvg(illustrator)).toEqual({ ok: true });
  });
});

describe('an SVG’s size, before it is parsed', () => {
  const rects = (count: number) => svg('<rect width="1" height="1"/>'.repeat(count));

  it('tells markup (what the SVG reader would parse) from the binary formats', () => {
    for (const text of ['<svg/>', '\uFEFF<svg/>', ' \n\t<?xml version="1.0"?><svg/>', '<!-- a comment --><svg/>']) {
      expect(isMarkup(Buffer.from(text)), JSON.stringify(text)).toBe(true);
    }
    for (const bytes of [
      Buffer.from([0x89, 0x50, 0x4e, 0x47]),
      Buffer.from([0xff, 0xd8, 0xff]),
      Buffer.from('hello <svg/>'),
      Buffer.alloc(0),
    ]) {
      expect(isMarkup(bytes)).toBe(false);
    }
    expect(isCompressed(gzipSync(svg('')))).toBe(true);
    expect(isCompressed(svg(''))).toBe(false);
  });

  it('counts start tags only, up to MAX_SVG_ELEMENTS, and bytes up to MAX_SVG_BYTES', () => {
    // The <svg> element is one of them.
    expect(checkSvgSize(rects(MAX_SVG_ELEMENTS - 1))).toEqual({ ok: true });
    expect(checkSvgSize(rects(MAX_SVG_ELEMENTS))).toEqual({ ok: false, limit: 'elements' });
    const notElements = Buffer.from(`<svg>${'<!-- c --></g><?pi?>'.repeat(MAX_SVG_ELEMENTS)}</svg>`);
    expect(checkSvgSize(notElements)).toEqual({ ok: true });
    const padded = (length: number) => Buffer.concat([Buffer.from('<svg><!--'), Buffer.alloc(length - 18, 'x'), Buffer.from('--></svg>')]);
    expect(padded(MAX_SVG_BYTES + 1)).toHaveLength(MAX_SVG_BYTES + 1);
    expect(checkSvgSize(padded(MAX_SVG_BYTES))).toEqual({ ok: true });
    expect(checkSvgSize(padded(MAX_SVG_BYTES + 1))).toEqual({ ok: false, limit: 'bytes' });
  });

  it('is judged before the bytes reach the parser: a broken file over the limit is too large, not unreadable', async () => {
    const broken = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${'<g>'.repeat(MAX_SVG_ELEMENTS)}`);
    expect(await inspectImage(broken)).toEqual({ kind: 'svg-too-large', limit: 'elements' });
    expect(await inspectImage(Buffer.from('<svg width="10" height="10"><scr'))).toEqual({ kind: 'unreadable' });
  });

  it('refuses a compressed SVG, which the reader would inflate past every check of its text', async () => {
    const scripted = gzipSync(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
    );
    expect(await inspectImage(scripted)).toEqual({ kind: 'unsupported', format: 'compressed (gzip)' });
  });
});
