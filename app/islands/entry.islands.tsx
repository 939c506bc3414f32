import type { ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { LazyToaster } from '#app/components/ui/lazy-toaster.tsx';
import { IslandRoot } from './island';
import { ISLANDS, type IslandName } from './registry';

/**
 * The only script of a page served as islands (decision 059): it hydrates each island the server
 * marked, one after another, with the props the server wrote beside it, and mounts the toaster.
 * When every island is live, <html data-hydrated> says so (tests wait for it, as on other pages).
 */
async function hydrateIsland(host: HTMLElement): Promise<void> {
  const load = ISLANDS[host.dataset.island as IslandName] as (() => Promise<ComponentType<object>>) | undefined;
  if (!load) return;
  const Component = await load();
  const props = JSON.parse(host.dataset.islandProps ?? '{}') as object;
  await new Promise<void>((resolve) => {
    hydrateRoot(
      host,
      <IslandRoot onCommit={resolve}>
        <Component {...props} />
      </IslandRoot>,
      { identifierPrefix: host.dataset.islandPrefix },
    );
  });
}

async function start() {
  for (const host of document.querySelectorAll<HTMLElement>('[data-island]')) {
    try {
      await hydrateIsland(host);
    } catch (error) {
      // One island that cannot start leaves its server HTML working as it is; the others still start.
      console.error(`Island ${host.dataset.island ?? ''} did not start`, error);
    }
  }
  const toasts = document.createElement('div');
  document.body.append(toasts);
  createRoot(toasts).render(<LazyToaster />);
  document.documentElement.dataset.hydrated = 'true';
}

void start();
