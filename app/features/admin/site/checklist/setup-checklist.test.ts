import { describe, expect, it } from 'vitest';
import { defaultSiteContent, type StoredSiteContent } from '#common/site-content/sections.ts';
import { checklistComplete, setupChecklist } from './setup-checklist.ts';

function freshSite(): StoredSiteContent {
  const content = defaultSiteContent();
  return Object.fromEntries(
    Object.entries(content).map(([name, fields]) => [name, { ...fields, version: 0, updatedAt: null }]),
  ) as StoredSiteContent;
}

const done = (items: ReturnType<typeof setupChecklist>) => items.filter((item) => item.done).map((item) => item.id);

describe('the setup checklist', () => {
  it('has everything to do on a fresh install with the placeholder admin and demo samples', () => {
    const items = setupChecklist({
      site: freshSite(),
      adminEmail: 'admin@localhost.localdomain',
      samples: [
        { id: 1, isDemo: true },
        { id: 2, isDemo: false },
      ],
    });
    expect(done(items)).toEqual([]);
    expect(checklistComplete(items)).toBe(false);
  });

  it('ticks each item as its fact is set', () => {
    const site = freshSite();
    site.studio.version = 1;
    site.studio.social = [{ label: 'Instagram', url: 'https://instagram.com/studio' }];
    site.about.founderName = 'Dana Reyes';
    site.packages.version = 2;
    const items = setupChecklist({ site, adminEmail: 'dana@studio.example', samples: [{ id: 3, isDemo: false }] });
    expect(done(items)).toEqual(['studio', 'admin-email', 'prices', 'founder', 'social', 'samples']);
    expect(checklistComplete(items)).toBe(true);
  });

  it('counts a blank founder name, packages never confirmed and the placeholder address in any case as not done', () => {
    const site = freshSite();
    site.about.founderName = '   ';
    const items = setupChecklist({ site, adminEmail: ' Admin@Localhost.Localdomain ', samples: [] });
    expect(done(items)).toEqual(['samples']);
  });

  it('links each item to its editor', () => {
    const targets = setupChecklist({ site: freshSite(), adminEmail: 'a@b.example', samples: [] }).map((item) => item.target);
    expect(targets).toEqual([
      { kind: 'site', section: 'studio' },
      { kind: 'account' },
      { kind: 'site', section: 'packages' },
      { kind: 'site', section: 'about' },
      { kind: 'site', section: 'studio' },
      { kind: 'samples' },
    ]);
  });
});
