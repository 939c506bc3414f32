import { Link } from 'react-router';
import { FOOTER_LEGAL_LINKS, FOOTER_SERVICE_LINKS, PRIMARY_LINKS_AFTER_SERVICES } from '#app/content/navigation.ts';
import { COPYRIGHT_YEAR, HOURS_FOOTER, SOCIAL_LINKS, STUDIO_NAME } from '#app/content/site.ts';
import { Logo } from './logo';

const footerLink =
  'text-sm text-fg-muted hover:text-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent rounded';

function LinkColumn({ title, links }: { title: string; links: Array<{ label: string; to: string }> }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-fg">{title}</h2>
      <ul className="mt-4 grid gap-3">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={footerLink}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteFooter({ studioEmail }: { studioEmail: string }) {
  return (
    <footer className="border-t border-line bg-ink-deep">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="grid content-start gap-4">
          <Logo />
          <p className="max-w-xs text-sm leading-relaxed text-fg-muted">
            Mixing, mastering and vocal production from Atlanta, GA. We work with artists everywhere: send your tracks from anywhere in the
            world and get radio-ready sound back.
          </p>
          {SOCIAL_LINKS.length > 0 ? (
            <ul className="flex gap-4">
              {SOCIAL_LINKS.map((social) => (
                <li key={social.href}>
                  <a href={social.href} className={footerLink} rel="noopener noreferrer">
                    {social.label}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <LinkColumn title="Services" links={FOOTER_SERVICE_LINKS} />
        <LinkColumn title="Studio" links={[...PRIMARY_LINKS_AFTER_SERVICES, ...FOOTER_LEGAL_LINKS]} />
        <div>
          <h2 className="text-sm font-semibold text-fg">Get in touch</h2>
          <dl className="mt-4 grid gap-3 text-sm">
            <div>
              <dt className="sr-only">E-mail</dt>
              <dd>
                <a href={`mailto:${studioEmail}`} className={footerLink}>
                  {studioEmail}
                </a>
              </dd>
            </div>
            <div>
              <dt className="text-fg-subtle">Hours</dt>
              <dd className="text-fg-muted">{HOURS_FOOTER}</dd>
            </div>
            <div>
              <dt className="text-fg-subtle">Studio</dt>
              <dd className="text-fg-muted">Atlanta, GA · serving artists worldwide</dd>
            </div>
          </dl>
        </div>
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-fg-subtle sm:px-6 lg:px-8">
          © {COPYRIGHT_YEAR} {STUDIO_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
