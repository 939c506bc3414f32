import { Tabs } from 'radix-ui';
import { ContactSubmissionsTab } from './contacts/contact-submissions-tab';
import { useContactSubmissions } from './contacts/use-contact-submissions';
import { SampleManagementTab } from './samples/sample-management-tab';
import { useAdminSamples } from './samples/use-admin-samples';
import { StatCards } from './stat-cards';
import { tabListClasses, tabTriggerClasses } from './tab-styles';

/** The body of the signed-in /manage: stat cards, then Sample Management and Contact Submissions. */
export function DashboardTabs() {
  const contacts = useContactSubmissions();
  const samples = useAdminSamples();
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8">
      <StatCards submissions={contacts.submissions} />
      <Tabs.Root defaultValue="samples" className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <Tabs.List aria-label="Dashboard" className={tabListClasses}>
          <Tabs.Trigger value="samples" className={tabTriggerClasses}>
            Sample Management
          </Tabs.Trigger>
          <Tabs.Trigger value="contacts" className={tabTriggerClasses}>
            Contact Submissions
          </Tabs.Trigger>
        </Tabs.List>
        {/* Kept mounted while hidden, so an upload in progress survives a look at the inbox. */}
        <Tabs.Content value="samples" forceMount className="focus-visible:outline-none data-[state=inactive]:hidden">
          {/* The panel's heading: the outline goes h1 (page), h2 (panel), h3 (form or item) without a gap. */}
          <h2 className="sr-only">Sample Management</h2>
          <SampleManagementTab state={samples} />
        </Tabs.Content>
        <Tabs.Content value="contacts" className="focus-visible:outline-none">
          <h2 className="sr-only">Contact Submissions</h2>
          <ContactSubmissionsTab state={contacts} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
