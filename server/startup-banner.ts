import type { AddressInfo } from 'node:net';
import { localUrl, onEveryInterface } from './listen-address.ts';

export interface BannerFacts {
  /** package.json's version (server/version.ts). */
  version: string;
  address: AddressInfo;
  /** PUBLIC_URL: shown when it is not the address opened here. */
  publicUrl: string;
  /** Where mail goes (the mailer's destination), and whether that is the outbox folder. */
  mail: { destination: string; outbox: boolean };
  /** The first admin while their generated password is still in its file (auth/first-admin.ts). */
  initialAdmin: { username: string; file: string } | null;
}

/**
 * The few lines a person starting the site needs, printed once it listens on a terminal (the JSON
 * log has the same facts in its "listening" line): where to open it, where the admin is, how to sign
 * in the first time, and where mail goes when it goes nowhere real.
 */
export function startupBanner(facts: BannerFacts): string {
  const open = localUrl(facts.address);
  const rows: [string, string][] = [
    ['Open', open],
    ['Admin', `${open}/manage`],
  ];
  // The default PUBLIC_URL (localhost on the same port) is this same site: not worth a line.
  const sameSite = [open, `http://localhost:${facts.address.port}`].includes(facts.publicUrl.replace(/\/$/, ''));
  if (!sameSite) rows.push(['Public', facts.publicUrl]);
  if (onEveryInterface(facts.address)) rows.push(['Listening', `every interface, port ${facts.address.port}`]);
  if (facts.initialAdmin) {
    rows.push(['Sign in', `as ${facts.initialAdmin.username}, with the password in ${facts.initialAdmin.file}`]);
  }
  if (facts.mail.outbox) rows.push(['Mail', `kept in ${facts.mail.destination} (no SMTP_URL)`]);
  rows.push(['Stop', 'Ctrl+C']);
  const width = Math.max(...rows.map(([label]) => label.length));
  return [
    '',
    `  The studio site ${facts.version} is running.`,
    ...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`),
    '',
  ].join('\n');
}
