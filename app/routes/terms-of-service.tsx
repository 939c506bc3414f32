import type { Route } from './+types/terms-of-service';
import { seo, siteFromMeta } from '#app/components/seo.ts';
import { listWords } from '#common/site-content/content-tokens.ts';
import { policyContent } from '#app/features/marketing/page-content.server.ts';
import { PolicyDocument } from '#app/features/marketing/policy-document.tsx';

export const loader = ({ context }: Route.LoaderArgs) => policyContent(context, 'terms');

// The services named are those the site shows (the root's essentials), never a hidden one.
export const meta: Route.MetaFunction = (args) => {
  const offered = listWords(siteFromMeta(args)?.services.map((service) => service.name) ?? []);
  return seo(args, {
    title: 'Terms of Service',
    description:
      `The terms for using this website and booking our services: ${offered}.` +
      (args.loaderData ? ` Effective ${args.loaderData.effectiveDate}.` : ''),
    path: '/terms-of-service',
    keywords: ({ name }) => [`${name} terms of service`, 'mixing revisions policy', 'payment and delivery terms'],
  });
};

export default function Page({ loaderData }: Route.ComponentProps) {
  return <PolicyDocument title="Terms of Service" effectiveDate={loaderData.effectiveDate} body={loaderData.body} />;
}
