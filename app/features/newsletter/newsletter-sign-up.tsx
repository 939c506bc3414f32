import type { SiteEssentials } from '#common/site-content/sections.ts';
import { NEWSLETTER_FORM_PATH } from '#common/newsletter.ts';
import { CONTACT_LIMITS } from '#common/contact-fields.ts';
import { buttonClasses } from '#app/components/ui/button.tsx';
import { inputClasses } from '#app/components/ui/form-field.tsx';
import { SpamTraps } from '#app/features/contact/contact-form-parts.tsx';
import { cn } from '#app/lib/cn.ts';

type Words = NonNullable<SiteEssentials['newsletter']>;

/**
 * The "notify me" sign-up: a plain form that posts to /newsletter and gets its answer page back, so
 * it needs no script on the page (decision 118). Its traps are the contact form's.
 */
export function NewsletterSignUp({
  words,
  idPrefix,
  email = '',
  error,
}: {
  words: Words;
  idPrefix: string;
  email?: string;
  error?: string;
}) {
  const errorId = `${idPrefix}-error`;
  return (
    <form method="post" action={NEWSLETTER_FORM_PATH} className="relative grid gap-3" aria-labelledby={`${idPrefix}-title`}>
      <h2 id={`${idPrefix}-title`} className="text-sm font-semibold text-fg">
        {words.title}
      </h2>
      {words.text ? <p className="max-w-sm text-sm leading-relaxed text-fg-muted">{words.text}</p> : null}
      <div className="flex max-w-md flex-col gap-2 sm:flex-row">
        <label htmlFor={`${idPrefix}-email`} className="sr-only">
          E-mail address
        </label>
        <input
          id={`${idPrefix}-email`}
          name="email"
          type="email"
          required
          autoComplete="email"
          maxLength={CONTACT_LIMITS.email}
          placeholder="you@example.com"
          defaultValue={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn(inputClasses, 'min-w-0 flex-1')}
        />
        <button type="submit" className={buttonClasses('primary', 'md', 'shrink-0')}>
          {words.button}
        </button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-400">
          {error}
        </p>
      ) : null}
      <SpamTraps idPrefix={idPrefix} honeypotRef={null} />
    </form>
  );
}
