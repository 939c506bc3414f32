import { MAX_PACKAGE_EXTRAS, MAX_PACKAGES, type Package, type PackageExtra, type Packages } from '#common/site-content/packages.ts';
import { CheckboxInput, NumberInput, TextArea, TextInput } from '#app/features/admin/site/fields.tsx';
import { ListEditor } from '#app/features/admin/site/list-editor.tsx';
import type { SectionForm } from '#app/features/admin/site/use-section-form.ts';
import { RevisionsInput } from './revisions-input.tsx';
import { TurnaroundInput } from './turnaround-input.tsx';

/** A key no other package has yet: "package-4". */
function freshKey(packages: readonly Package[]): string {
  const taken = new Set(packages.map((pkg) => pkg.key));
  let number = packages.length + 1;
  while (taken.has(`package-${number}`)) number += 1;
  return `package-${number}`;
}

function Included({ form, path, name }: { form: SectionForm; path: string; name: string }) {
  return (
    <ListEditor<string> form={form} path={path} legend={`${name}: included`} noun={`${name} item`} make={() => ''} max={12} nested>
      {({ path: itemPath, name: itemName }) => <TextInput form={form} path={itemPath} label={itemName} maxLength={120} />}
    </ListEditor>
  );
}

/** What the start page offers beside the package (decision 115): a line and a flat price each. */
function Extras({ form, path, name }: { form: SectionForm; path: string; name: string }) {
  return (
    <ListEditor<PackageExtra>
      form={form}
      path={path}
      legend={`${name}: extras on the start page`}
      description="A visitor who starts a project from the site may add these; each is a flat price for the project."
      noun={`${name} extra`}
      make={() => ({ label: '', price: 0 })}
      max={MAX_PACKAGE_EXTRAS}
      nested
    >
      {({ path: itemPath, name: itemName }) => (
        <div className="grid items-start gap-5 sm:grid-cols-[2fr_1fr]">
          <TextInput form={form} path={`${itemPath}.label`} label={`${itemName} name`} maxLength={80} />
          <NumberInput form={form} path={`${itemPath}.price`} label={`${itemName} price`} prefix="$" min={0} />
        </div>
      )}
    </ListEditor>
  );
}

function PackageFields({ form, path, name }: { form: SectionForm; path: string; name: string }) {
  return (
    <>
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <TextInput form={form} path={`${path}.name`} label={`${name} name`} maxLength={60} />
        <TextInput
          form={form}
          path={`${path}.key`}
          label={`${name} key`}
          hint="Lowercase letters, digits and dashes. Projects sold as this package keep it."
          maxLength={40}
        />
        <NumberInput form={form} path={`${path}.price`} label={`${name} price`} prefix="$" min={0} />
        <NumberInput
          form={form}
          path={`${path}.regularPrice`}
          label={`${name} regular price`}
          prefix="$"
          nullable
          hint="Optional, above the price: shown struck through. The first such package is the home page's new-client special."
          min={0}
        />
      </div>
      <TextInput
        form={form}
        path={`${path}.priceNote`}
        label={`${name} price note`}
        hint='Under the price, e.g. "per song".'
        maxLength={80}
      />
      <TextArea form={form} path={`${path}.description`} label={`${name} description`} maxLength={400} />
      <Included form={form} path={`${path}.included`} name={name} />
      <RevisionsInput form={form} path={`${path}.revisions`} label={`${name} revisions`} />
      <TurnaroundInput form={form} path={`${path}.turnaround`} label={`${name} turnaround`} />
      <CheckboxInput form={form} path={`${path}.popular`} label={`Mark ${name} as the popular choice`} />
      <Extras form={form} path={`${path}.extras`} name={name} />
      <CheckboxInput
        form={form}
        path={`${path}.instantBooking`}
        label={`Let visitors book ${name} instantly`}
        hint="On: a visitor who starts a project signs and pays the deposit at once. Off: they ask, and you review and send the proposal."
      />
    </>
  );
}

/** Every package the site sells, in the order the pages show them. */
export function PackagesForm({ form }: { form: SectionForm }) {
  const packages = (form.draft as Packages).packages ?? [];
  return (
    <>
      <ListEditor<Package>
        form={form}
        path="packages"
        legend="Packages"
        description="The home, mixing & mastering, Process and contact pages and new projects all show these records."
        noun="Package"
        make={() => ({
          key: freshKey(packages),
          name: '',
          price: 0,
          regularPrice: null,
          priceNote: 'per song',
          description: '',
          included: [],
          revisions: 2,
          turnaround: { from: 72, to: 72, unit: 'hours' },
          popular: false,
          instantBooking: false,
          extras: [],
        })}
        max={MAX_PACKAGES}
      >
        {({ path, index }) => <PackageFields form={form} path={path} name={packages[index]?.name.trim() || `Package ${index + 1}`} />}
      </ListEditor>
    </>
  );
}
