import type { Route } from './+types/privacy-policy';
import { seo } from '#app/components/seo.ts';
import { POLICIES_EFFECTIVE_DATE, PRIVACY_INTRO, PRIVACY_SECTIONS } from '#app/content/policies.ts';
import { PolicyDocument } from '#app/features/marketing/policy-document.tsx';

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: 'Privacy Policy',
    description: `How the studio collects, uses and protects your information and audio files. Effective ${POLICIES_EFFECTIVE_DATE}.`,
    path: '/privacy-policy',
  });

export default function Page() {
  return <PolicyDocument title="Privacy Policy" intro={PRIVACY_INTRO} sections={PRIVACY_SECTIONS} />;
}
