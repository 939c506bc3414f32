import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteHeader } from './site-header.tsx';
import { logoBox } from './logo.tsx';

const studio = { name: 'Harbor Sound Lab', shortName: 'Harbor' };
const logo = { id: '3f0c2a52-8d7e-4b1c-9a3e-5f6d7e8f9a0b', alt: '', width: 1024, height: 341, widths: [320, 640, 960, 1024] };
const header = (image: typeof logo | null) =>
  renderToString(
    <MemoryRouter>
      <SiteHeader isAdmin={false} studio={studio} menu={[]} logo={image} />
    </MemoryRouter>,
  );

describe('the header logo', () => {
  it("shows the owner's logo named by the studio, in a box sized before it loads", () => {
    const html = header(logo);
    expect(html).not.toContain('viewBox="0 0 32 32"');
    expect(html).toMatch(
      /<img src="\/media\/images\/3f0c2a52-8d7e-4b1c-9a3e-5f6d7e8f9a0b\/320\.jpg"[^>]* width="120" height="40" alt="Harbor Sound Lab"/,
    );
    expect(html).toContain('type="image/avif" srcSet="/media/images/3f0c2a52-8d7e-4b1c-9a3e-5f6d7e8f9a0b/320.avif 320w');
    expect(html).toContain('loading="eager"');
  });

  it('shows the built-in mark beside the name without one', () => {
    const html = header(null);
    expect(html).toContain('viewBox="0 0 32 32"');
    expect(html).not.toContain('<img');
    expect(html).toContain('Harbor Sound Lab');
  });

  it('keeps a logo 40 px high, and a very wide one within 192 px', () => {
    expect(logoBox({ width: 512, height: 512 })).toEqual({ width: 40, height: 40 });
    expect(logoBox({ width: 1000, height: 100 })).toEqual({ width: 192, height: 19 });
  });
});
