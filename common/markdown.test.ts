import { describe, expect, it } from 'vitest';
import { parseMarkdown, safeHref, type MarkdownBlock, type MarkdownInline } from './markdown.ts';

/** The words a reader sees of parsed Markdown, without its markup: what the tests below compare. */
/** The words of a Markdown text without its markup (meta descriptions, excerpts). */
function markdownPlainText(parsed: MarkdownBlock[]): string {
  const ofInline = (nodes: MarkdownInline[]): string =>
    nodes.map((node) => ('value' in node ? node.value : 'children' in node ? ofInline(node.children) : ' ')).join('');
  const ofBlock = (block: MarkdownBlock): string => {
    if (block.type === 'paragraph' || block.type === 'heading') return ofInline(block.children);
    if (block.type === 'list') return block.items.map((item) => item.map(ofBlock).join(' ')).join(' ');
    if (block.type === 'quote') return block.children.map(ofBlock).join(' ');
    return block.type === 'code' ? block.value : '';
  };
  return parsed.map(ofBlock).join(' ').replace(/\s+/g, ' ').trim();
}

describe('parseMarkdown', () => {
  it('keeps paragraphs, headings from h2, lists and emphasis', () => {
    expect(parseMarkdown('# Title\n\nSome **bold** and _soft_ words.\n\n- one\n- two')).toEqual([
      { type: 'heading', level: 2, children: [{ type: 'text', value: 'Title' }] },
      {
        type: 'paragraph',
        children: [
          { type: 'text', value: 'Some ' },
          { type: 'strong', children: [{ type: 'text', value: 'bold' }] },
          { type: 'text', value: ' and ' },
          { type: 'emphasis', children: [{ type: 'text', value: 'soft' }] },
          { type: 'text', value: ' words.' },
        ],
      },
      {
        type: 'list',
        ordered: false,
        start: 1,
        items: [
          [{ type: 'paragraph', children: [{ type: 'text', value: 'one' }] }],
          [{ type: 'paragraph', children: [{ type: 'text', value: 'two' }] }],
        ],
      },
    ]);
  });

  it('leaves raw HTML as visible text, never markup', () => {
    const parsed = parseMarkdown('<script>alert(1)</script>\n\nHi <img src=x onerror=alert(1)>');
    expect(JSON.stringify(parsed)).not.toContain('"type":"html"');
    expect(markdownPlainText(parsed)).toBe('<script>alert(1)</script> Hi <img src=x onerror=alert(1)>');
  });

  it('keeps http(s), mailto and tel links and turns any other address into plain words', () => {
    const parsed = parseMarkdown(
      '[site](https://example.com) [mail](mailto:a@b.c) [call](tel:+14045550100) [bad](javascript:alert(1)) [data](data:text/html,x)',
    );
    const links = JSON.stringify(parsed).match(/"href":"[^"]+"/g);
    expect(links).toEqual(['"href":"https://example.com/"', '"href":"mailto:a@b.c"', '"href":"tel:+14045550100"']);
    expect(markdownPlainText(parsed)).toBe('site mail call bad data');
  });

  it('shows an image as its description only', () => {
    expect(markdownPlainText(parseMarkdown('![a console](https://evil.example/x.png)'))).toBe('a console');
  });
});

describe('safeHref', () => {
  it('refuses credentials and unknown schemes', () => {
    expect(safeHref('https://user:pw@example.com')).toBeNull();
    expect(safeHref('ftp://example.com')).toBeNull();
    expect(safeHref(' JAVASCRIPT:alert(1)')).toBeNull();
  });
});
