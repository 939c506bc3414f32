import { renderEmailHtml, type EmailBrand } from './html-layout.ts';
import type { Mailer } from './mailer.ts';

/** Who the studio is as a sender: its name, the address replies should reach, and its look. */
export interface StudioSender extends EmailBrand {
  replyTo: string;
}

/**
 * Every e-mail goes out in the studio's name and look, with replies to the studio, as the site
 * settings say when it is sent (a rename or a new logo shows on the next message). A message that
 * names its own reply-to (an owner notice: reply to the visitor) keeps it. The HTML part is made
 * here from the text part, so every kind has one and the two say the same. The address itself stays
 * MAIL_FROM's, which the mail provider must accept; MAIL_FROM's own display name, if it has one,
 * wins over the studio's name (server/email/mailer.ts).
 */
export function signedByStudio(mailer: Mailer, sender: () => Promise<StudioSender>): Mailer {
  return {
    destination: mailer.destination,
    close: () => mailer.close(),
    async send(message) {
      const { replyTo, ...brand } = await sender();
      const html = message.html ?? renderEmailHtml(message, brand);
      await mailer.send({ fromName: brand.name, replyTo, ...message, html });
    },
  };
}
