import { useActionData, useFormAction } from 'react-router';
import { Island } from '#app/islands/island.tsx';
import { ISLAND } from '#app/islands/island-names.ts';
import { useSite } from '#app/lib/root-data.ts';
import type { contactPageAction } from './contact-action.server.ts';
import { ContactForm } from './contact-form.tsx';

/** The contact form placed on a page: what the island needs from the route, read here so the island never loads the router. */
export function ContactFormIsland() {
  const serverResult = useActionData<typeof contactPageAction>() ?? null;
  const formAction = useFormAction();
  const { studio } = useSite();
  return (
    <Island name={ISLAND.contactForm} component={ContactForm} props={{ serverResult, formAction, responseHours: studio.responseHours }} />
  );
}
