import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FeaturedSamples } from './featured-samples.tsx';

/** The empty featured block as the server renders it for a visitor or a signed-in admin. */
function renderEmptyBlock({ isAdmin }: { isAdmin: boolean }): string {
  return renderToString(<FeaturedSamples samples={[]} isAdmin={isAdmin} heading={{ eyebrow: '', title: 'Featured', intro: '' }} />);
}

describe('the empty featured block', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('tells a visitor there are no samples yet, without the debug line', () => {
    vi.stubEnv('DEV', false);
    const html = renderEmptyBlock({ isAdmin: false });
    expect(html).toContain('No Samples Available');
    expect(html).not.toContain('Debug:');
  });

  it('shows the debug line to a signed-in admin', () => {
    vi.stubEnv('DEV', false);
    expect(renderEmptyBlock({ isAdmin: true })).toContain('Debug: GET /api/samples/latest/6 returned 0 samples.');
  });

  it('shows the debug line in development', () => {
    vi.stubEnv('DEV', true);
    expect(renderEmptyBlock({ isAdmin: false })).toContain('Debug: GET /api/samples/latest/6 returned 0 samples.');
  });
});
