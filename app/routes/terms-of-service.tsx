import type { Route } from './+types/terms-of-service';
import { seo } from '#app/components/seo.ts';
import { GOVERNING_LAW_STATE, POLICIES_EFFECTIVE_DATE, TERMS_INTRO, TERMS_SECTIONS } from '#app/content/policies.ts';
import { PolicyDocument } from '#app/features/marketing/policy-document.tsx';

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: 'Terms of Service',
    description:
      `The terms for using this website and booking our services, governed by ${GOVERNING_LAW_STATE} ` +
      `law. Effective ${POLICIES_EFFECTIVE_DATE}.`,
    path: '/terms-of-service',
  });

export default function Page() {
  return <PolicyDocument title="Terms of Service" intro={TERMS_INTRO} sections={TERMS_SECTIONS} />;
}
