import { describe, expect, it } from 'vitest';
import { checkSvg } from './svg-check.ts';

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
