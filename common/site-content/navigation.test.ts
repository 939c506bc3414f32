import { describe, expect, it } from 'vitest';
import { DEFAULT_NAVIGATION } from './default-navigation.ts';
import { menuLinks } from './navigation-links.ts';
import { VISIBLE_SERVICES, navigationSchema, targetKind } from './navigation.ts';

const link = (label: string, target: string) => ({ label, target, children: [] });
const header = (...items: unknown[]) => navigationSchema.safeParse({ header: items, footer: [] });
const messages = (result: ReturnType<typeof header>) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('menu targets', () => {
  it('are the site pages, their anchors, owner pages, services and https addresses', () => {
    for (const target of [
      '/',
      '/about',
      '/process#timeline',
      '/credits',
      '/services/mixing-mastering',
      '/book',
      'https://open.spotify.com/artist/1',
    ])
      expect(targetKind(target), target).not.toBeNull();
    expect(targetKind('https://example.com')).toBe('outside');
    expect(targetKind('/credits')).toBe('page');
  });

  it('refuse asset and API paths, other schemes, plain http and odd paths', () => {
    for (const target of [
      'http://example.com',
      'javascript:alert(1)',
      'mailto:a@b.c',
      '//evil.example',
      'https://user:pw@example.com',
      '/api/admin/site',
      '/assets/app.js',
      '/objects/x',
      '/manage',
      '/portal',
      '/About',
      '/a/b',
      '/about#',
      '/about#a#b',
      '/about#1x',
      'about',
      '/credits?x=1',
      '/robots.txt',
    ])
      expect(targetKind(target), target).toBeNull();
  });
});

describe('the navigation schema', () => {
  it('takes the defaults as they are', () => {
    expect(navigationSchema.safeParse(DEFAULT_NAVIGATION).success).toBe(true);
  });

  it('refuses a bad target with a message on its own field', () => {
    expect(messages(header(link('Blog', '/api/posts')))).toEqual([expect.stringMatching(/^header\.0\.target: Link to must be/)]);
    expect(messages(header(link('Label', 'http://example.com')))[0]).toMatch(/^header\.0\.target:/);
  });

  it('refuses items nested deeper than one level', () => {
    const deep = {
      label: 'Services',
      target: '/services',
      children: [{ label: 'Mixing', target: '/services/mixing', children: [link('x', '/')] }],
    };
    expect(messages(header(deep))).toEqual([
      'header.0.children.0.children: An item under another cannot hold items: menus nest one level deep',
    ]);
  });

  it('needs a label, except for the stand-in of the shown services, which may only sit under another item', () => {
    expect(messages(header(link('', '/about')))).toEqual(['header.0.label: Label is required']);
    expect(header({ label: 'Services', target: '', children: [link('', VISIBLE_SERVICES)] }).success).toBe(true);
    expect(messages(header(link('All', VISIBLE_SERVICES)))).toEqual(['header.0.target: The shown services go under another item']);
  });

  it('lets an item go without a page only when it holds others, and refuses unknown fields', () => {
    expect(messages(header(link('Group', '')))).toEqual(['header.0.target: Link to is required for an item with nothing under it']);
    expect(header({ ...link('Home', '/'), rel: 'x' }).success).toBe(false);
    expect(navigationSchema.safeParse({ header: [], footer: [], extra: [] }).success).toBe(false);
  });

  it('caps the lists', () => {
    expect(header(...Array.from({ length: 11 }, () => link('Home', '/'))).success).toBe(false);
  });
});

describe('menu links', () => {
  const services = [
    { slug: 'mixing-mastering', name: 'Mixing & Mastering' },
    { slug: 'stem-mastering', name: 'Stem Mastering' },
  ];

  it('reproduce the header of before: the overview, then each shown service', () => {
    const [, servicesItem] = menuLinks(DEFAULT_NAVIGATION.header, services);
    expect(servicesItem?.children.map((child) => [child.label, child.href])).toEqual([
      ['All Services', '/services'],
      ['Mixing & Mastering', '/services/mixing-mastering'],
      ['Stem Mastering', '/services/stem-mastering'],
    ]);
  });

  it('drop a hidden service and a footer column left empty, and mark outside addresses', () => {
    const items = [
      { label: 'Services', target: '', children: [link('', VISIBLE_SERVICES), link('Vocal production', '/services/vocal-production')] },
      { label: 'Press', target: 'https://example.com/press', children: [] },
    ];
    expect(menuLinks(items, [])).toEqual([{ label: 'Press', href: 'https://example.com/press', external: true, children: [] }]);
  });
});
