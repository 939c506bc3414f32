import { ChevronDown } from 'lucide-react';
import type { Package } from '#common/site-content/packages.ts';
import {
  freshServiceId,
  MAX_SERVICES,
  servicePath,
  type Service,
  type ServiceItem,
  type ServicePageSection,
  type Services,
} from '#common/site-content/services.ts';
import type { Studio } from '#common/site-content/studio.ts';
import { CheckboxInput, FieldGroup, TextArea, TextInput } from '#app/features/admin/site/fields.tsx';
import { ListEditor } from '#app/features/admin/site/list-editor.tsx';
import { MarkdownField } from '#app/features/admin/site/markdown-field.tsx';
import type { SectionForm } from '#app/features/admin/site/use-section-form.ts';
import { TokenChips, TokenLegend } from '#app/features/admin/site/token-chips.tsx';
import { cn } from '#app/lib/cn.ts';
import { IconSelect, ItemsAsInput, PackagePicker, PriceFromInput, ServiceNameInput } from './service-fields.tsx';

interface Props {
  form: SectionForm;
  studio: Studio;
  /** The saved packages, which a service's page may show. */
  packages: Package[];
}

const newService = (): Service => ({
  id: freshServiceId(),
  slug: '',
  formerSlugs: [],
  name: '',
  summary: '',
  priceFrom: 'packages',
  icon: 'music',
  visible: true,
  points: [],
  keywords: [],
  page: {
    intro: '',
    sections: [],
    packages: [],
    packagesTitle: 'Choose Your Package',
    cta: { title: 'Ready to Start?', text: 'Tell us about your project and we will set up a free consultation.', button: 'Get Started' },
  },
});

const newSection = (): ServicePageSection => ({ eyebrow: '', title: '', body: '', items: [], itemsAs: 'grid' });
const newItem = (): ServiceItem => ({ title: '', text: '' });

/*
 * Nested lists have short nouns ("Add point", "Move section 2 up") so their buttons fit a phone; the
 * group's legend names the service, and every input's label names it in full.
 */

interface WordsProps {
  form: SectionForm;
  path: string;
  legend: string;
  /** The full name of one entry, before its number: "Vocal Production point". */
  label: string;
  noun: string;
  max: number;
}

function Words({ form, path, legend, label, noun, max }: WordsProps) {
  return (
    <ListEditor<string> form={form} path={path} legend={legend} noun={noun} make={() => ''} max={max} nested>
      {({ path: itemPath, index }) => <TextInput form={form} path={itemPath} label={`${label} ${index + 1}`} maxLength={80} />}
    </ListEditor>
  );
}

function Items({ form, path, name }: { form: SectionForm; path: string; name: string }) {
  return (
    <ListEditor<ServiceItem> form={form} path={path} legend={`${name}: cards or steps`} noun="Item" make={newItem} max={12} nested>
      {({ path: itemPath, index }) => (
        <>
          <TextInput form={form} path={`${itemPath}.title`} label={`${name} item ${index + 1} title`} maxLength={80} />
          <TextArea form={form} path={`${itemPath}.text`} label={`${name} item ${index + 1} text`} maxLength={400} rows={2} />
        </>
      )}
    </ListEditor>
  );
}

function PageSections({ form, path, name, studio }: { form: SectionForm; path: string; name: string; studio: Studio }) {
  return (
    <ListEditor<ServicePageSection>
      form={form}
      path={path}
      legend={`${name}: page sections`}
      noun="Section"
      make={newSection}
      max={10}
      nested
    >
      {({ path: sectionPath, index }) => (
        <SectionFields form={form} path={sectionPath} name={`${name} section ${index + 1}`} studio={studio} />
      )}
    </ListEditor>
  );
}

function SectionFields({
  form,
  path: sectionPath,
  name: sectionName,
  studio,
}: {
  form: SectionForm;
  path: string;
  name: string;
  studio: Studio;
}) {
  return (
    <>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextInput form={form} path={`${sectionPath}.title`} label={`${sectionName} heading`} maxLength={100} />
        <TextInput
          form={form}
          path={`${sectionPath}.eyebrow`}
          label={`${sectionName} eyebrow`}
          hint="The small line above the heading; may be empty."
          maxLength={60}
        />
      </div>
      <MarkdownField form={form} path={`${sectionPath}.body`} label={`${sectionName} text`} studio={studio} rows={5} maxLength={5000} />
      <ItemsAsInput form={form} path={`${sectionPath}.itemsAs`} label={`${sectionName}: show its items as`} />
      <Items form={form} path={`${sectionPath}.items`} name={sectionName} />
    </>
  );
}

function ServiceFields({ form, path, name, studio, packages }: Props & { path: string; name: string }) {
  const slug = form.value<string>(`${path}.slug`) ?? '';
  const former = form.value<string[]>(`${path}.formerSlugs`) ?? [];
  const text = (field: string) => form.value<string>(`${path}.${field}`) ?? '';
  return (
    <>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <ServiceNameInput form={form} path={path} label={`${name} name`} />
        <TextInput
          form={form}
          path={`${path}.slug`}
          label={`${name} address`}
          hint={
            <>
              Its page: /services/{slug || '…'}. Lowercase words and dashes. After a change the old address forwards here.
              {former.length > 0 ? ` Old addresses that forward here: ${former.map(servicePath).join(', ')}.` : ''}
            </>
          }
          maxLength={60}
          autoCapitalize="none"
          spellCheck={false}
        />
      </div>
      <CheckboxInput
        form={form}
        path={`${path}.visible`}
        label={`Show ${name} on the site`}
        hint="A hidden service has no page and is in no menu."
      />
      <TextArea
        form={form}
        path={`${path}.summary`}
        label={`${name} summary`}
        hint="On the services page and its card."
        maxLength={300}
        rows={2}
      />
      <TokenChips text={`${text('name')} ${text('summary')}`} studio={studio} />
      <PriceFromInput form={form} path={`${path}.priceFrom`} label={`${name} price "from"`} />
      <div className="sm:max-w-72">
        <IconSelect form={form} path={`${path}.icon`} label={`${name} icon`} />
      </div>
      <Words form={form} path={`${path}.points`} legend={`${name}: points on its card`} label={`${name} point`} noun="Point" max={8} />
      <details className="group rounded-xl border border-line bg-surface">
        <summary
          className={cn(
            'flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-4 py-2 text-sm font-semibold text-fg',
            'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent [&::-webkit-details-marker]:hidden',
          )}
        >
          {name}: its page
          <ChevronDown aria-hidden className="size-4 transition-transform group-open:rotate-180" />
        </summary>
        <div className="grid gap-4 border-t border-line p-3 sm:p-4">
          <TextArea
            form={form}
            path={`${path}.page.intro`}
            label={`${name} page intro`}
            hint="The line under the page's title."
            maxLength={400}
            rows={2}
          />
          <TokenChips text={text('page.intro')} studio={studio} />
          <PageSections form={form} path={`${path}.page.sections`} name={name} studio={studio} />
          <PackagePicker form={form} path={`${path}.page.packages`} name={name} packages={packages} />
          <TextInput form={form} path={`${path}.page.packagesTitle`} label={`${name} packages heading`} maxLength={80} />
          <FieldGroup legend={`${name}: call to action`} className="bg-ink/40">
            <TextInput form={form} path={`${path}.page.cta.title`} label={`${name} call to action heading`} maxLength={100} />
            <TextArea form={form} path={`${path}.page.cta.text`} label={`${name} call to action text`} maxLength={400} rows={2} />
            <TextInput
              form={form}
              path={`${path}.page.cta.button`}
              label={`${name} button label`}
              hint="The button leads to the contact page."
              maxLength={40}
            />
          </FieldGroup>
          <Words
            form={form}
            path={`${path}.keywords`}
            legend={`${name}: search keywords`}
            label={`${name} keyword`}
            noun="Keyword"
            max={12}
          />
        </div>
      </details>
    </>
  );
}

/** Every service, its card and its page, in the order the menu and the services page list them; and the services page's words. */
export function ServicesForm({ form, studio, packages }: Props) {
  const services = (form.draft as Services).services ?? [];
  return (
    <>
      <FieldGroup legend="Services page">
        <TextArea form={form} path="intro" label="Services page intro" maxLength={400} rows={2} />
        <TokenChips text={form.value<string>('intro') ?? ''} studio={studio} />
        <TextInput
          form={form}
          path="ctaTitle"
          label="Closing heading"
          hint="Above the contact button at the end of the services page."
          maxLength={80}
        />
      </FieldGroup>
      <ListEditor<Service>
        form={form}
        path="services"
        legend="Services"
        description="The menu, the footer, the services and contact pages and the sitemap list the shown ones, in this order."
        noun="Service"
        make={newService}
        max={MAX_SERVICES}
        empty="No services yet: the menu lists only All Services."
      >
        {({ path, index }) => (
          <ServiceFields
            form={form}
            path={path}
            name={services[index]?.name.trim() || `Service ${index + 1}`}
            studio={studio}
            packages={packages}
          />
        )}
      </ListEditor>
      <ListEditor<ServiceItem>
        form={form}
        path="whyChooseUs"
        legend="Why choose us"
        description="The cards under the services on the services page."
        noun="Reason"
        make={newItem}
        max={8}
      >
        {({ path, name }) => (
          <>
            <TextInput form={form} path={`${path}.title`} label={`${name} title`} maxLength={80} />
            <TextArea form={form} path={`${path}.text`} label={`${name} text`} maxLength={400} rows={2} />
            <TokenChips text={form.value<string>(`${path}.text`) ?? ''} studio={studio} />
          </>
        )}
      </ListEditor>
      <TokenLegend />
    </>
  );
}
