import type { Studio } from '#common/site-content/studio.ts';
import { timeZoneLabel } from '#common/site-content/format.ts';
import { FieldGroup, TextInput } from '#app/features/admin/site/fields.tsx';
import type { SectionForm } from '#app/features/admin/site/use-section-form.ts';

/** The announcement bar: its line, an optional link, and the first and last day it shows. */
export function AnnouncementForm({ form, studio }: { form: SectionForm; studio: Studio }) {
  const zone = timeZoneLabel(studio.hours.timeZone);
  return (
    <>
      <FieldGroup legend="Bar" description="Empty text shows no bar. Keep it to one short sentence: it sits above the menu on phones too.">
        <TextInput
          form={form}
          path="text"
          label="Announcement text"
          maxLength={160}
          placeholder="Holiday special: 20% off mastering until January 5"
        />
        <TextInput
          form={form}
          path="link"
          label="Link (optional)"
          maxLength={2048}
          placeholder="/book or https://…"
          hint="A page of the site such as /book, or an outside address. The whole bar links there."
        />
      </FieldGroup>
      <FieldGroup legend="When" description={`Days in the studio’s time zone (${zone}). An empty day leaves that side open.`}>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextInput form={form} path="from" label="First day" type="date" hint="Shown from the start of this day." />
          <TextInput form={form} path="to" label="Last day" type="date" hint="Shown until the end of this day." />
        </div>
      </FieldGroup>
    </>
  );
}
