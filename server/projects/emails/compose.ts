import type { ProjectEmailKind } from '#server/db/schema.ts';
import type { MailMessage } from '#server/email/mailer.ts';
import { accessEmail, collaboratorInviteEmail, retentionWarningEmail } from './access-emails.ts';
import { commentsForClientEmail, commentsForStudioEmail } from './comment-emails.ts';
import { decisionsForPeopleEmail, decisionsForStudioEmail } from './decision-emails.ts';
import type { EmailContext } from './email-parts.ts';
import { deliveryReadyEmail, filesReceivedEmail } from './file-emails.ts';
import { versionReadyEmail } from './review-emails.ts';

/**
 * The words of each kind of project e-mail, made when it is sent (names, files and links as they
 * are then); null: nothing to send any more (the files were removed, the client lost access).
 */
export const COMPOSE_PROJECT_EMAIL: Record<ProjectEmailKind, (context: EmailContext) => Promise<MailMessage | null>> = {
  invite: accessEmail,
  sign_in: accessEmail,
  collaborator_invite: collaboratorInviteEmail,
  files_received: filesReceivedEmail,
  delivery_ready: deliveryReadyEmail,
  version_ready: versionReadyEmail,
  comments_for_client: commentsForClientEmail,
  comments_for_studio: commentsForStudioEmail,
  decisions_for_studio: decisionsForStudioEmail,
  decisions_for_people: decisionsForPeopleEmail,
  retention_warning: retentionWarningEmail,
};
