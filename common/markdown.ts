import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Nodes, RootContent } from 'mdast';

/*
 * The owner's Markdown (biography, policies) as a small tree of the few things a page shows:
 * paragraphs, headings, lists, quotes, rules, code, emphasis and links. It is made once on the
 * server (page loaders), travels as plain data, and app/components/markdown-view.tsx renders it
 * with React, so there is no HTML string anywhere and nothing to sanitise: raw HTML in the text
 * stays visible text, images become their description, and a link whose address is not http(s),
 * mailto or tel is only its words.
 */

export type MarkdownInline =
  | { type: 'text'; value: string }
  | { type: 'strong' | 'emphasis'; children: MarkdownInline[] }
  | { type: 'code'; value: string }
  | { type: 'link'; href: string; children: MarkdownInline[] }
  | { type: 'break' };

export type MarkdownBlock =
  | { type: 'paragraph'; children: MarkdownInline[] }
  | { type: 'heading'; level: 2 | 3 | 4; children: MarkdownInline[] }
  | { type: 'list'; ordered: boolean; start: number; items: MarkdownBlock[][] }
  | { type: 'quote'; children: MarkdownBlock[] }
  | { type: 'code'; value: string }
  | { type: 'rule' };

/** Link addresses a visitor may follow from owner text. */
export function safeHref(url: string): string | null {
  const trimmed = url.trim();
  if (/^(mailto|tel):[^\s]+$/i.test(trimmed)) return trimmed;
  if (!URL.canParse(trimmed)) return null;
  const parsed = new URL(trimmed);
  return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.username === '' && parsed.password === ''
    ? parsed.href
    : null;
}

function inlines(nodes: readonly Nodes[]): MarkdownInline[] {
  const out: MarkdownInline[] = [];
  const pushText = (value: string) => {
    const last = out.at(-1);
    if (last?.type === 'text') last.value += value;
    else if (value) out.push({ type: 'text', value });
  };
  const pushAll = (children: MarkdownInline[]) => {
    for (const child of children) {
      if (child.type === 'text') pushText(child.value);
      else out.push(child);
    }
  };
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
      case 'html':
        pushText(node.value);
        break;
      case 'inlineCode':
        out.push({ type: 'code', value: node.value });
        break;
      case 'strong':
      case 'emphasis':
        out.push({ type: node.type, children: inlines(node.children) });
        break;
      case 'break':
        out.push({ type: 'break' });
        break;
      case 'link': {
        const href = safeHref(node.url);
        const children = inlines(node.children);
        if (href) out.push({ type: 'link', href, children });
        else pushAll(children);
        break;
      }
      case 'image':
      case 'imageReference':
        pushText(node.alt ?? '');
        break;
      default:
        if ('children' in node) pushAll(inlines(node.children as Nodes[]));
        else if ('value' in node && typeof node.value === 'string') pushText(node.value);
    }
  }
  return out;
}

function blocks(nodes: readonly RootContent[]): MarkdownBlock[] {
  const out: MarkdownBlock[] = [];
  for (const node of nodes) {
    switch (node.type) {
      case 'paragraph':
        out.push({ type: 'paragraph', children: inlines(node.children) });
        break;
      case 'heading':
        // The page's own title is the only h1; owner headings start at h2.
        out.push({ type: 'heading', level: Math.min(4, Math.max(2, node.depth)) as 2 | 3 | 4, children: inlines(node.children) });
        break;
      case 'list':
        out.push({
          type: 'list',
          ordered: node.ordered === true,
          start: node.start ?? 1,
          items: node.children.map((item) => blocks(item.children)),
        });
        break;
      case 'blockquote':
        out.push({ type: 'quote', children: blocks(node.children) });
        break;
      case 'code':
        out.push({ type: 'code', value: node.value });
        break;
      case 'thematicBreak':
        out.push({ type: 'rule' });
        break;
      case 'html':
        out.push({ type: 'paragraph', children: [{ type: 'text', value: node.value }] });
        break;
      case 'definition':
        break;
      default:
        if ('children' in node) out.push({ type: 'paragraph', children: inlines(node.children as Nodes[]) });
    }
  }
  return out;
}

export function parseMarkdown(text: string): MarkdownBlock[] {
  return blocks(fromMarkdown(text).children);
}
