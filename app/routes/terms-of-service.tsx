import type { Route } from './+types/terms-of-service';
import { seo } from '#app/components/seo.ts';
import { policyContent } from '#app/features/marketing/page-content.server.ts';
import { PolicyDocument } from '#app/features/marketing/policy-document.tsx';

export const loader = ({ context }: Route.LoaderArgs) => policyContent(context, 'terms');

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: 'Terms of Service',
    description:
      'The terms for using this website and booking our mixing, mastering and vocal production services.' +
      (args.loaderData ? ` Effective ${args.loaderData.effectiveDate}.` : ''),
    path: '/terms-of-service',
    keywords: ({ name }) => [`${name} terms of service`, 'mixing revisions policy', 'payment and delivery terms'],
  });

export default function Page({ loaderData }: Route.ComponentProps) {
  return <PolicyDocument title="Terms of Service" effectiveDate={loaderData.effectiveDate} body={loaderData.body} />;
}
