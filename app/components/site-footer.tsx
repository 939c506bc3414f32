import { SocialIcon } from './social-icon.tsx';
import { Logo } from './logo.tsx';
import { MenuAnchor } from './menu-anchor.tsx';
import type { MenuLink } from '#common/site-content/navigation-links.ts';
import { locationLabel, phoneHref, socialPlatform } from '#common/site-content/format.ts';
import type { SiteEssentials } from '#common/site-content/sections.ts';
import { cn } from '#app/lib/cn.ts';
import { NewsletterSignUp } from '#app/features/newsletter/newsletter-sign-up.tsx';

const footerLink =
  'text-sm text-fg-muted hover:text-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent rounded';

/** One column of the owner's footer menu: its heading (a link itself when it has a page), then its links. */
function LinkColumn({ column }: { column: MenuLink }) {
  const links = column.children;
  return (
    <div>
      <h2 className="text-sm font-semibold text-fg">
        {column.href === '' ? column.label : <MenuAnchor link={column} className={columnLink} />}
      </h2>
      {links.length > 0 ? (
        <ul className="mt-4 grid gap-3">
          {links.map((link, index) => (
            <li key={index}>
              <MenuAnchor link={link} className={footerLink} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

// A column's heading that is a link keeps the heading's colour (one colour class: no fight over stylesheet order).
const columnLink = 'rounded text-fg hover:text-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent';

function SocialLinks({ social }: { social: SiteEssentials['studio']['social'] }) {
  if (social.length === 0) return null;
  return (
    <ul className="-ml-2.5 flex flex-wrap gap-1" aria-label="Follow the studio">
      {social.map((profile) => (
        <li key={profile.url}>
          <a
            href={profile.url}
            rel="me noopener"
            aria-label={profile.label}
            title={profile.label}
            className={cn(
              'grid size-11 place-items-center rounded-lg text-fg-muted hover:bg-surface hover:text-accent',
              'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
            )}
          >
            <SocialIcon platform={socialPlatform(profile.url)} className="size-5" />
          </a>
        </li>
      ))}
    </ul>
  );
}

export function SiteFooter({ site }: { site: SiteEssentials }) {
  const { studio, hoursText } = site;
  return (
    <footer className="border-t border-line bg-ink-deep">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="grid content-start gap-4">
          <Logo name={studio.name} shortName={studio.shortName} image={site.brand.logo} />
          <p className="max-w-xs text-sm leading-relaxed text-fg-muted">{studio.tagline}</p>
          <SocialLinks social={studio.social} />
        </div>
        {site.menus.footer.map((column, index) => (
          <LinkColumn key={index} column={column} />
        ))}
        <div>
          <h2 className="text-sm font-semibold text-fg">Get in touch</h2>
          <dl className="mt-4 grid gap-3 text-sm">
            <div>
              <dt className="sr-only">E-mail</dt>
              <dd>
                <a href={`mailto:${studio.email}`} className={cn(footerLink, 'break-all')}>
                  {studio.email}
                </a>
              </dd>
            </div>
            {studio.phone ? (
              <div>
                <dt className="sr-only">Phone</dt>
                <dd>
                  <a href={phoneHref(studio.phone)} className={footerLink}>
                    {studio.phone}
                  </a>
                </dd>
              </div>
            ) : null}
            <div>
              <dt className="text-fg-subtle">Hours</dt>
              <dd className="text-fg-muted">{hoursText}</dd>
            </div>
            <div>
              <dt className="text-fg-subtle">Studio</dt>
              <dd className="text-fg-muted">{[locationLabel(studio.location), studio.reach].filter(Boolean).join(' · ')}</dd>
            </div>
          </dl>
        </div>
      </div>
      {site.newsletter ? (
        <div className="border-t border-line">
          <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
            <NewsletterSignUp words={site.newsletter} idPrefix="footer-newsletter" wide />
          </div>
        </div>
      ) : null}
      <div className="border-t border-line">
        {/* The year of the render; the browser may disagree only in the first seconds of a new year. */}
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-fg-subtle sm:px-6 lg:px-8" suppressHydrationWarning>
          © {new Date().getFullYear()} {studio.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
