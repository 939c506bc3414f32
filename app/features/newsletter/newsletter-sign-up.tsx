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
interface Props {
  words: Words;
  idPrefix: string;
  email?: string;
  error?: string;
  /** The footer's band: the words beside the field on wide screens. */
  wide?: boolean;
}

export function NewsletterSignUp({ words, idPrefix, email = '', error, wide = false }: Props) {
  const errorId = `${idPrefix}-error`;
  return (
    <form
      method="post"
      action={NEWSLETTER_FORM_PATH}
      className={cn('relative grid gap-3', wide && 'lg:grid-cols-2 lg:items-center lg:gap-x-10')}
      aria-labelledby={`${idPrefix}-title`}
    >
      <div className="grid gap-2">
        <h2 id={`${idPrefix}-title`} className="text-sm font-semibold text-fg">
          {words.title}
        </h2>
        {words.text ? <p className="max-w-md text-sm leading-relaxed text-fg-muted">{words.text}</p> : null}
      </div>
      <div className={cn('flex w-full max-w-md flex-col gap-2 sm:flex-row', wide && 'lg:justify-self-end')}>
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
        <button type="submit" className={buttonClasses('primary', 'md', 'shrink-0 sm:h-auto')}>
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
