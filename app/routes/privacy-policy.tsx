import type { Route } from './+types/privacy-policy';
import { seo } from '#app/components/seo.ts';
import { policyContent } from '#app/features/marketing/page-content.server.ts';
import { PolicyDocument } from '#app/features/marketing/policy-document.tsx';

export const loader = ({ context }: Route.LoaderArgs) => policyContent(context, 'privacy');

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: 'Privacy Policy',
    description:
      'How the studio collects, uses and protects your information and audio files.' +
      (args.loaderData ? ` Effective ${args.loaderData.effectiveDate}.` : ''),
    path: '/privacy-policy',
    keywords: ({ name }) => [`${name} privacy policy`, 'audio file retention', 'client data protection'],
  });

export default function Page({ loaderData }: Route.ComponentProps) {
  return <PolicyDocument title="Privacy Policy" effectiveDate={loaderData.effectiveDate} body={loaderData.body} />;
}
