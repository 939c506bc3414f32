import { formatPrice } from '#common/site-content/format.ts';
import type { Packages } from '#common/site-content/packages.ts';
import { PROJECT_LIMITS, type AdminProjectView, type ProjectPackage } from '#common/projects.ts';

/** The project dialog's inputs, as typed (a price is text until sent). */
export interface ProjectFields {
  title: string;
  clientName: string;
  clientEmail: string;
  packageKey: ProjectPackage;
  price: string;
  dueDate: string;
  notes: string;
}

/** What opens the dialog: a blank project, one from an enquiry (linked), or an existing project's details. */
export type ProjectDialogRequest =
  | { kind: 'create'; fields: ProjectFields; contactSubmissionId: number | null; from?: string }
  | { kind: 'edit'; project: AdminProjectView };

/** A new project's package until the owner picks one: the site's regular offer when it has one. */
const PREFERRED_PACKAGE: ProjectPackage = 'standard';

export interface PackageOption {
  key: ProjectPackage;
  /** "Premium Package ($350)". */
  label: string;
  /** The site's price in whole dollars; null for a custom deal (or before the site content loaded). */
  price: number | null;
}

/** The site's packages in its own words and prices (the package records), then Custom. */
export function packageOptions(packages: Packages | null): PackageOption[] {
  return [
    ...(packages?.packages ?? []).map((pkg) => ({ key: pkg.key, label: `${pkg.name} (${formatPrice(pkg.price)})`, price: pkg.price })),
    { key: 'custom', label: 'Custom', price: null },
  ];
}

const defaultPackage = (options: PackageOption[]): ProjectPackage =>
  options.some((option) => option.key === PREFERRED_PACKAGE) ? PREFERRED_PACKAGE : (options[0]?.key ?? 'custom');

const priceOf = (options: PackageOption[], key: ProjectPackage) => options.find((option) => option.key === key)?.price ?? null;

export function blankProjectFields(options: PackageOption[]): ProjectFields {
  const packageKey = defaultPackage(options);
  const price = priceOf(options, packageKey);
  return {
    title: '',
    clientName: '',
    clientEmail: '',
    packageKey,
    price: price === null ? '' : String(price),
    dueDate: '',
    notes: '',
  };
}

/** An enquiry becomes a project: who sent it, a working title, and their message as the notes. */
export function fieldsFromEnquiry(enquiry: { name: string; email: string; message: string }, options: PackageOption[]): ProjectFields {
  const name = enquiry.name.trim();
  return {
    ...blankProjectFields(options),
    title: `${name}'s project`.slice(0, PROJECT_LIMITS.title),
    clientName: name.slice(0, PROJECT_LIMITS.clientName),
    clientEmail: enquiry.email,
    notes: enquiry.message.slice(0, PROJECT_LIMITS.notes),
  };
}

export function fieldsOfProject(project: AdminProjectView): ProjectFields {
  return {
    title: project.title,
    clientName: project.clientName,
    clientEmail: project.clientEmail,
    packageKey: project.packageKey,
    price: project.price === null ? '' : String(project.price),
    dueDate: project.dueDate ?? '',
    notes: project.notes,
  };
}

/**
 * Another package chosen: its price replaces the price field while that still holds the previous
 * package's price (or nothing); a price the owner typed stays.
 */
export function withPackage(fields: ProjectFields, packageKey: ProjectPackage, options: PackageOption[]): ProjectFields {
  const previous = priceOf(options, fields.packageKey);
  const untouched = fields.price.trim() === '' || (previous !== null && fields.price.trim() === String(previous));
  const next = priceOf(options, packageKey);
  return { ...fields, packageKey, price: untouched ? (next === null ? '' : String(next)) : fields.price };
}

/**
 * The JSON body: blank optional fields become null, a price becomes a number (text that is not one
 * goes as it is, so the shared schema words the refusal).
 */
export function projectPayload(fields: ProjectFields) {
  const price = fields.price.trim();
  const asNumber = Number(price);
  return {
    title: fields.title,
    clientName: fields.clientName,
    clientEmail: fields.clientEmail,
    packageKey: fields.packageKey,
    price: price === '' ? null : Number.isFinite(asNumber) ? asNumber : price,
    dueDate: fields.dueDate.trim() === '' ? null : fields.dueDate,
    notes: fields.notes,
  };
}
