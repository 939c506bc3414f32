import type { Migration } from 'kysely/migration';
import * as initial from './0001_initial.ts';
import * as contactNotices from './0003_contact_notices.ts';
import * as samplesStorage from './0004_samples_storage.ts';
import * as uploadedObjectFormat from './0005_uploaded_object_format.ts';
import * as twoFactor from './0006_two_factor.ts';
import * as siteContent from './0007_site_content.ts';
import * as adminProfile from './0008_admin_profile.ts';
import * as multipartUploads from './0009_multipart_uploads.ts';
import * as sampleTrashAndPlays from './0010_sample_trash_and_plays.ts';
import * as contactInbox from './0011_contact_inbox.ts';
import * as compactPeaks from './0012_compact_peaks.ts';
import * as clientProjects from './0013_client_projects.ts';
import * as reviewRoom from './0014_review_room.ts';
import * as packagesSection from './0015_packages_section.ts';
import * as siteContentDrafts from './0016_site_content_drafts.ts';
import * as completedUploads from './0017_completed_uploads.ts';
import * as projectCollaborators from './0018_project_collaborators.ts';
import * as reviewLinks from './0019_review_links.ts';
import * as uploadQuotas from './0020_upload_quotas.ts';
import * as repeatedActivity from './0021_repeated_activity.ts';
import * as streamingCopies from './0022_streaming_copies.ts';
import * as contactSpamFolder from './0023_contact_spam_folder.ts';
import * as bookings from './0024_bookings.ts';
import * as billing from './0025_billing.ts';
import * as stripeChecks from './0026_stripe_checks.ts';
import * as busyTimes from './0027_busy_times.ts';
import * as bookingHolders from './0028_booking_holders.ts';
import * as listeningCopies from './0029_listening_copies.ts';
import * as peopleTold from './0030_people_told.ts';
import * as paymentPlans from './0031_payment_plans.ts';
import * as moneyThatMeansIt from './0032_money_that_means_it.ts';
import * as insights from './0033_insights.ts';
import * as staffRoles from './0034_staff_roles.ts';
import * as proposals from './0038_proposals.ts';
import * as projectRequests from './0039_project_requests.ts';
import * as auditLog from './0040_audit_log.ts';
import * as sessionDevices from './0041_session_devices.ts';
import * as newsletter from './0042_newsletter.ts';
import * as teamNotices from './0045_team_notices.ts';

/**
 * Every migration, in order. Listed by hand (not read from the folder) so they work in any bundle.
 * Add new ones at the end with the next number; never edit or rename one that has shipped: the name
 * is what a database records as applied.
 *
 * There is no 0002: it was written on a branch that never shipped, and 0003 and 0004 were added in
 * parallel. Renumbering would make Kysely refuse to start every existing database (an applied
 * migration would be missing from the list), so the gap stays (docs/decisions/022-migration-numbering.md).
 * Likewise 0035-0037, 0043 and 0044 were numbers kept for parallel branches that needed no migration.
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0003_contact_notices': contactNotices,
  '0004_samples_storage': samplesStorage,
  '0005_uploaded_object_format': uploadedObjectFormat,
  '0006_two_factor': twoFactor,
  '0007_site_content': siteContent,
  '0008_admin_profile': adminProfile,
  '0009_multipart_uploads': multipartUploads,
  '0010_sample_trash_and_plays': sampleTrashAndPlays,
  '0011_contact_inbox': contactInbox,
  '0012_compact_peaks': compactPeaks,
  '0013_client_projects': clientProjects,
  '0014_review_room': reviewRoom,
  '0015_packages_section': packagesSection,
  '0016_site_content_drafts': siteContentDrafts,
  '0017_completed_uploads': completedUploads,
  '0018_project_collaborators': projectCollaborators,
  '0019_review_links': reviewLinks,
  '0020_upload_quotas': uploadQuotas,
  '0021_repeated_activity': repeatedActivity,
  '0022_streaming_copies': streamingCopies,
  '0023_contact_spam_folder': contactSpamFolder,
  '0024_bookings': bookings,
  '0025_billing': billing,
  '0026_stripe_checks': stripeChecks,
  '0027_busy_times': busyTimes,
  '0028_booking_holders': bookingHolders,
  '0029_listening_copies': listeningCopies,
  '0030_people_told': peopleTold,
  '0031_payment_plans': paymentPlans,
  '0032_money_that_means_it': moneyThatMeansIt,
  '0033_insights': insights,
  '0034_staff_roles': staffRoles,
  '0038_proposals': proposals,
  '0039_project_requests': projectRequests,
  '0040_audit_log': auditLog,
  '0041_session_devices': sessionDevices,
  '0042_newsletter': newsletter,
  '0045_team_notices': teamNotices,
};
