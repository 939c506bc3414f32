import { useEffect, useState } from 'react';
import { CheckboxInput, FieldGroup, TextInput } from '#app/features/admin/site/fields.tsx';
import type { SectionForm } from '#app/features/admin/site/use-section-form.ts';
import { cn } from '#app/lib/cn.ts';
import { NEWSLETTER_CSV_PATH, NEWSLETTER_SUMMARY_PATH, type NewsletterSummary } from '#common/newsletter.ts';

/** How many confirmed the sign-up, read once when the form opens. */
function useSubscriberCount(): NewsletterSummary | null {
  const [summary, setSummary] = useState<NewsletterSummary | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch(NEWSLETTER_SUMMARY_PATH, { signal: controller.signal, headers: { accept: 'application/json' } })
      .then(async (response) => (response.ok ? setSummary((await response.json()) as NewsletterSummary) : undefined))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return summary;
}

/** The footer's sign-up: on or off, its words, and the list so far (its count and the CSV). */
export function NewsletterForm({ form }: { form: SectionForm }) {
  const summary = useSubscriberCount();
  return (
    <>
      <FieldGroup legend="Sign-up" description="Visitors get an e-mail to confirm; only confirmed addresses are on the list.">
        <CheckboxInput form={form} path="enabled" label="Show the sign-up in the footer of public pages" />
        <TextInput form={form} path="title" label="Heading" maxLength={80} />
        <TextInput form={form} path="text" label="Text" maxLength={300} hint="What people get, and how often." />
        <TextInput form={form} path="button" label="Button" maxLength={40} className="sm:max-w-56" />
      </FieldGroup>
      <FieldGroup legend="The list" description="Every e-mail you send them must carry the unsubscribe link of the CSV's last column.">
        <p className="text-sm text-fg-muted" data-testid="newsletter-count">
          {summary === null
            ? 'Counting…'
            : `${summary.confirmed} confirmed ${summary.confirmed === 1 ? 'address' : 'addresses'}, ${summary.pending} waiting to confirm.`}
        </p>
        <a
          href={NEWSLETTER_CSV_PATH}
          download
          className={cn(
            'w-fit rounded text-sm font-medium text-accent underline underline-offset-4',
            'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
          )}
        >
          Download the list (CSV)
        </a>
      </FieldGroup>
    </>
  );
}
