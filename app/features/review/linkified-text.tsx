import { splitLinks } from './linkify.ts';

/**
 * A comment's words as text (React escapes everything), its http(s) addresses as links that open in a
 * new tab without handing this page to the other site, and without vouching for it to search engines.
 */
export function LinkifiedText({ text, className }: { text: string; className?: string }) {
  return (
    <p className={className ?? 'whitespace-pre-wrap break-words'}>
      {splitLinks(text).map((part, index) =>
        part.kind === 'link' ? (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="break-words text-accent underline underline-offset-2 hover:text-accent-strong"
          >
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}
