import { useContext, useEffect, useId, type ComponentType, type ReactNode } from 'react';
import { IslandsPageContext } from './islands-context.ts';
import type { IslandName } from './island-names.ts';

/**
 * The root of one island, the same on the server and in the browser so both render the same tree;
 * `onCommit` lets the islands entry know when the browser has taken the island over.
 */
export function IslandRoot({ children, onCommit }: { children: ReactNode; onCommit?: () => void }) {
  useEffect(() => onCommit?.(), [onCommit]);
  return children;
}

/** A prefix for the island's own ids (useId), unique on the page and safe in an attribute. */
const prefixOf = (id: string) => `i${id.replace(/[^A-Za-z0-9]/g, '')}-`;

/**
 * A part of a public page that needs JavaScript (a menu, the players, the contact form). On a page
 * served as islands (decision 059) the server renders it as a root of its own, with its props
 * beside it, and app/islands/entry.islands.tsx hydrates just that part: the page's other HTML never
 * loads any code. On pages React Router hydrates it is an ordinary part of the tree. Props must be
 * plain JSON (they travel in an attribute).
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
}: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
}) {
  const server = useContext(IslandsPageContext);
  const prefix = prefixOf(useId());
  if (!server) {
    return (
      <div className="contents">
        <Component {...props} />
      </div>
    );
  }
  const html = server.render(
    <IslandRoot>
      <Component {...props} />
    </IslandRoot>,
    prefix,
  );
  return (
    <div
      className="contents"
      data-island={name}
      data-island-prefix={prefix}
      data-island-props={JSON.stringify(props)}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
