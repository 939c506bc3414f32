import { describe, expect, it } from 'vitest';
import { createProjectSchema } from '#common/projects.ts';
import { DEFAULT_PACKAGES } from '#common/site-content/defaults.ts';
import { validate } from '#common/validation.ts';
import { fieldsFromEnquiry, packageOptions, projectPayload, withPackage } from './project-form.ts';

const options = packageOptions(DEFAULT_PACKAGES);

describe('project form', () => {
  it("lists the site's packages with their prices, then Custom, and starts from the standard one when there is one", () => {
    expect(options.map((option) => option.label)).toEqual([
      'Intro Special ($75)',
      'Standard Mix & Master ($150)',
      'Premium Package ($350)',
      'Custom',
    ]);
    expect(packageOptions(null).map((option) => option.label)).toEqual(['Custom']);
    const noStandard = packageOptions({ ...DEFAULT_PACKAGES, packages: DEFAULT_PACKAGES.packages.filter((pkg) => pkg.key !== 'standard') });
    expect(fieldsFromEnquiry({ name: 'Ava', email: 'ava@example.com', message: 'Hi' }, noStandard)).toMatchObject({ packageKey: 'intro' });
  });

  it('prefills a project from an enquiry that the shared schema accepts', () => {
    const fields = fieldsFromEnquiry({ name: ' Ben Ray ', email: 'ben@example.com', message: 'Mix my EP, five songs.' }, options);
    expect(fields).toMatchObject({ title: "Ben Ray's project", clientName: 'Ben Ray', notes: 'Mix my EP, five songs.', price: '150' });
    const checked = validate(createProjectSchema, { ...projectPayload(fields), contactSubmissionId: 4 });
    expect(checked.success).toBe(true);
  });

  it("follows the package's price until the owner types their own", () => {
    const fields = fieldsFromEnquiry({ name: 'Ava', email: 'ava@example.com', message: 'Hi' }, options);
    const premium = withPackage(fields, 'premium', options);
    expect(premium.price).toBe('350');
    expect(withPackage(premium, 'custom', options).price).toBe('');
    const typed = withPackage({ ...premium, price: '300' }, 'intro', options);
    expect(typed.price).toBe('300');
  });

  it('sends blanks as null and refuses a price that is not a whole number with the schema words', () => {
    const fields = fieldsFromEnquiry({ name: 'Ava', email: 'ava@example.com', message: 'Hi' }, options);
    expect(projectPayload({ ...fields, price: ' ', dueDate: '' })).toMatchObject({ price: null, dueDate: null });
    const checked = validate(createProjectSchema, projectPayload({ ...fields, price: '12.5' }));
    expect(checked.success).toBe(false);
    if (!checked.success) expect(checked.errors.price?.[0]).toBe('Price must be a whole number of dollars');
  });
});
