import type { Mailer } from './mailer.ts';

/** Who the studio is as a sender: its name and the address replies should reach. */
export interface StudioSender {
  name: string;
  replyTo: string;
}

/**
 * Every e-mail goes out in the studio's name, with replies to the studio, as the site settings say
 * when it is sent (a rename shows on the next message). A message that names its own reply-to (an
 * owner notice: reply to the visitor) keeps it. The address itself stays MAIL_FROM's, which the mail
 * provider must accept.
 */
export function signedByStudio(mailer: Mailer, sender: () => Promise<StudioSender>): Mailer {
  return {
    destination: mailer.destination,
    close: () => mailer.close(),
    async send(message) {
      const studio = await sender();
      await mailer.send({ fromName: studio.name, replyTo: studio.replyTo, ...message });
    },
  };
}
