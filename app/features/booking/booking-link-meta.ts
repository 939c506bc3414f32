import type { MetaDescriptor } from 'react-router';
import { seo } from '#app/components/seo.ts';

/** The e-mailed links' pages: never indexed, and the token in their address is never sent on as a referrer. */
export function bookingLinkPageMeta(args: Parameters<typeof seo>[0] & { loaderData?: unknown }, title: string): MetaDescriptor[] {
  const found = (args.loaderData as { kind?: string } | undefined)?.kind !== 'not-found';
  return [
    ...seo(args, { title: found ? title : 'Link not valid', description: 'Your free consultation with the studio.', noindex: true }),
    { name: 'referrer', content: 'no-referrer' },
  ];
}
