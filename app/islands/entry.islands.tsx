import { startTransition, type ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { LazyToaster } from '#app/components/ui/lazy-toaster.tsx';
import { IslandRoot } from './island.tsx';
import { countOutboundClicks } from './outbound-clicks.ts';
import { ISLANDS, type IslandName } from './registry.ts';

/**
 * The only script of a page served as islands (decision 059): it fetches the code of every island
 * the server marked at once, hydrates them one after another (in page order, each with the props the
 * server wrote beside it), and mounts the toaster. When every island is live, <html data-hydrated>
 * says so (tests wait for it, as on other pages).
 */
type Loaded = { host: HTMLElement; component: Promise<ComponentType<object>> | null };

function load(host: HTMLElement): Loaded {
  const loader = ISLANDS[host.dataset.island as IslandName] as (() => Promise<ComponentType<object>>) | undefined;
  const component = loader ? loader() : null;
  // Handled when its turn comes (hydrateIsland); until then a failed fetch is not an unhandled rejection.
  component?.catch(() => {});
  return { host, component };
}

async function hydrateIsland({ host, component }: Loaded): Promise<void> {
  if (!component) return;
  const Component = await component;
  const props = JSON.parse(host.dataset.islandProps ?? '{}') as object;
  await new Promise<void>((resolve) => {
    // As a transition, like React Router's own hydration: React yields to the browser every few
    // milliseconds instead of hydrating the whole island in one long task.
    startTransition(() => {
      hydrateRoot(
        host,
        <IslandRoot onCommit={resolve}>
          <Component {...props} />
        </IslandRoot>,
        { identifierPrefix: host.dataset.islandPrefix },
      );
    });
  });
}

async function start() {
  const islands = Array.from(document.querySelectorAll<HTMLElement>('[data-island]'), load);
  for (const island of islands) {
    try {
      await hydrateIsland(island);
    } catch (error) {
      // One island that cannot start leaves its server HTML working as it is; the others still start.
      console.error(`Island ${island.host.dataset.island ?? ''} did not start`, error);
    }
  }
  const toasts = document.createElement('div');
  document.body.append(toasts);
  createRoot(toasts).render(<LazyToaster />);
  document.documentElement.dataset.hydrated = 'true';
}

countOutboundClicks();
void start();
