import { VISIBLE_SERVICES, type Navigation } from './navigation.ts';

const link = (label: string, target: string) => ({ label, target, children: [] });

/**
 * The menus a fresh site shows: exactly the header and footer the site had before they became
 * content. Services holds the overview and then the shown services, whatever they are that day.
 */
export const DEFAULT_NAVIGATION: Navigation = {
  header: [
    link('Home', '/'),
    { label: 'Services', target: '/services', children: [link('All Services', '/services'), link('', VISIBLE_SERVICES)] },
    link('Process', '/process'),
    link('Samples', '/samples'),
    link('About', '/about'),
    link('Contact', '/contact'),
  ],
  footer: [
    { label: 'Services', target: '', children: [link('', VISIBLE_SERVICES)] },
    {
      label: 'Studio',
      target: '',
      children: [
        link('Process', '/process'),
        link('Samples', '/samples'),
        link('About', '/about'),
        link('Contact', '/contact'),
        link('Privacy Policy', '/privacy-policy'),
        link('Terms of Service', '/terms-of-service'),
      ],
    },
  ],
};
