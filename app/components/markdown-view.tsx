import type { ReactNode } from 'react';
import type { MarkdownBlock, MarkdownInline } from '#common/markdown.ts';
import { cn } from '#app/lib/cn.ts';

/*
 * Renders the tree `parseMarkdown` (common/markdown.ts) made on the server: React elements only, so
 * owner text can never become markup. Styled for the dark pages' reading width.
 */

const linkClass =
  'rounded text-accent underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent';

function Inlines({ nodes }: { nodes: MarkdownInline[] }): ReactNode {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return node.value;
      case 'strong':
        return (
          <strong key={index} className="font-semibold text-fg">
            <Inlines nodes={node.children} />
          </strong>
        );
      case 'emphasis':
        return (
          <em key={index}>
            <Inlines nodes={node.children} />
          </em>
        );
      case 'code':
        return (
          <code key={index} className="rounded bg-surface px-1 py-0.5 text-[0.9em] text-fg">
            {node.value}
          </code>
        );
      case 'link': {
        const external = node.href.startsWith('http');
        return (
          <a key={index} href={node.href} className={linkClass} {...(external ? { rel: 'noopener noreferrer nofollow' } : {})}>
            <Inlines nodes={node.children} />
          </a>
        );
      }
      case 'break':
        return <br key={index} />;
    }
  });
}

const HEADING_CLASS = {
  2: 'mt-10 text-2xl font-semibold text-fg',
  3: 'mt-8 text-xl font-semibold text-fg',
  4: 'mt-6 text-lg font-semibold text-fg',
};

function Block({ block }: { block: MarkdownBlock }): ReactNode {
  switch (block.type) {
    case 'paragraph':
      return (
        <p className="mt-4 leading-relaxed">
          <Inlines nodes={block.children} />
        </p>
      );
    case 'heading': {
      const Tag = `h${block.level}` as const;
      return (
        <Tag className={HEADING_CLASS[block.level]}>
          <Inlines nodes={block.children} />
        </Tag>
      );
    }
    case 'list': {
      const items = block.items.map((item, index) => (
        <li key={index} className="[&>p]:mt-0">
          <Blocks blocks={item} />
        </li>
      ));
      return block.ordered ? (
        <ol start={block.start} className="mt-4 grid list-decimal gap-2 pl-6 leading-relaxed marker:text-accent">
          {items}
        </ol>
      ) : (
        <ul className="mt-4 grid list-disc gap-2 pl-6 leading-relaxed marker:text-accent">{items}</ul>
      );
    }
    case 'quote':
      return (
        <blockquote className="mt-4 border-l-2 border-accent/60 pl-4 italic">
          <Blocks blocks={block.children} />
        </blockquote>
      );
    case 'code':
      return <pre className="mt-4 overflow-x-auto rounded-lg bg-surface p-4 text-sm text-fg">{block.value}</pre>;
    case 'rule':
      return <hr className="mt-8 border-line" />;
  }
}

function Blocks({ blocks }: { blocks: MarkdownBlock[] }): ReactNode {
  return blocks.map((block, index) => <Block key={index} block={block} />);
}

/** Owner Markdown, parsed on the server. The first block sits flush with what precedes the view. */
export function MarkdownView({ blocks, className }: { blocks: MarkdownBlock[]; className?: string }) {
  return (
    <div className={cn('text-fg-muted [&>:first-child]:mt-0', className)}>
      <Blocks blocks={blocks} />
    </div>
  );
}
