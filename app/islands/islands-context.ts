import { createContext, type ReactElement } from 'react';

/** Where the built islands entry is: its URL and the chunks it imports statically (preloaded). */
export interface IslandsEntry {
  src: string;
  preloads: string[];
}

/**
 * Given by the server render (app/entry.server.tsx) when the production build has an islands entry.
 * `render` turns one island into HTML as a root of its own, as the browser will hydrate it.
 */
export interface IslandsServer {
  entry: IslandsEntry;
  render: (island: ReactElement, identifierPrefix: string) => string;
}

export const IslandsServerContext = createContext<IslandsServer | null>(null);

/** Set by the root layout while it renders a page served as islands; null on pages React Router hydrates. */
export const IslandsPageContext = createContext<IslandsServer | null>(null);
