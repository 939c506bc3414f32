import { useState, type FormEvent } from 'react';
import { createProjectSchema, PROJECT_LIMITS, updateProjectSchema, type AdminProjectView, type ProjectPackage } from '#common/projects.ts';
import { firstErrors, validate } from '#common/validation.ts';
import { FormDialog } from '#app/components/ui/form-dialog.tsx';
import { FormField, TextField, inputClasses } from '#app/components/ui/form-field.tsx';
import { api } from '#app/lib/api.ts';
import { cn } from '#app/lib/cn.ts';
import { toast } from '#app/lib/toast.ts';
import {
  fieldsOfProject,
  projectPayload,
  withPackage,
  type PackageOption,
  type ProjectDialogRequest,
  type ProjectFields,
} from './project-form.ts';

const compact = 'py-2.5';
/** Messages for fields the form has no input for (the linked enquiry): shown above the buttons. */
const FORM_LEVEL = ['contactSubmissionId', 'body'];

interface Props {
  request: ProjectDialogRequest;
  packages: PackageOption[];
  onClose: () => void;
  /** The server's answer: the new project (create) or the saved one (edit). */
  onDone: (project: AdminProjectView) => void;
}

/**
 * New project and Edit details: one form. The shared schema checks it before sending; the server's
 * 400 messages land under the fields they name.
 */
export function ProjectDialog({ request, packages, onClose, onDone }: Props) {
  const creating = request.kind === 'create';
  const [fields, setFields] = useState<ProjectFields>(() => (creating ? request.fields : fieldsOfProject(request.project)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const payload = creating ? { ...projectPayload(fields), contactSubmissionId: request.contactSubmissionId } : projectPayload(fields);
    const checked = validate(creating ? createProjectSchema : updateProjectSchema, payload);
    if (!checked.success) return setErrors(firstErrors(checked.errors));
    setErrors({});
    setPending(true);
    const result = creating
      ? await api<AdminProjectView>('POST', '/api/admin/projects', payload)
      : await api<AdminProjectView>('PATCH', `/api/admin/projects/${request.project.id}`, payload);
    setPending(false);
    if (!result.ok) {
      const fieldErrors = firstErrors(result.errors);
      setErrors(Object.keys(fieldErrors).length > 0 ? fieldErrors : { body: result.serverMessage ?? result.message });
      toast({ title: 'Error', description: creating ? 'Project not created' : 'Project not saved', variant: 'destructive' });
      return;
    }
    toast({ title: 'Success', description: creating ? 'Project created' : 'Project saved' });
    onDone(result.data);
  }

  const bind = (key: Exclude<keyof ProjectFields, 'packageKey'>) => ({
    id: `project-${key}`,
    name: key,
    value: fields[key],
    onChange: (event: { target: { value: string } }) => edit({ [key]: event.target.value }),
    error: errors[key],
    disabled: pending,
  });
  // A field's message goes once the owner changes that field (the next save checks it again).
  const edit = (change: Partial<ProjectFields>) => {
    setFields({ ...fields, ...change });
    setErrors(Object.fromEntries(Object.entries(errors).filter(([field]) => !(field in change))));
  };
  const formError = FORM_LEVEL.map((key) => errors[key]).find(Boolean);

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={creating ? 'New project' : 'Edit project details'}
      description={
        creating
          ? request.from
            ? `From the enquiry of ${request.from}: linked to the project and set in progress.`
            : 'The client gets nothing until you invite them.'
          : `Change the details of ${request.project.title}.`
      }
      size="lg"
      onSubmit={submit}
      pending={pending}
      submitLabel={creating ? 'Create project' : 'Save changes'}
      pendingLabel={creating ? 'Creating...' : 'Saving...'}
    >
      <TextField {...bind('title')} label="Title" className={compact} maxLength={PROJECT_LIMITS.title} autoComplete="off" />
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-5 sm:grid-cols-2">
        <TextField
          {...bind('clientName')}
          label="Client name"
          className={compact}
          maxLength={PROJECT_LIMITS.clientName}
          autoComplete="off"
        />
        <TextField
          {...bind('clientEmail')}
          label="Client e-mail"
          type="email"
          className={compact}
          maxLength={PROJECT_LIMITS.clientEmail}
          autoComplete="off"
        />
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-5 sm:grid-cols-[minmax(0,1fr)_9rem]">
        <FormField id="project-packageKey" label="Package" error={errors.packageKey}>
          {(control) => (
            <select
              {...control}
              name="packageKey"
              value={fields.packageKey}
              disabled={pending}
              onChange={(event) => {
                const next = withPackage(fields, event.target.value as ProjectPackage, packages);
                edit({ packageKey: next.packageKey, price: next.price });
              }}
              className={cn(inputClasses, compact)}
            >
              {packages.map((option) => (
                <option key={option.key} value={option.key}>
                  {option.label}
                </option>
              ))}
              {/* A project sold as a package the site no longer offers keeps it until another is chosen. */}
              {packages.some((option) => option.key === fields.packageKey) ? null : (
                <option value={fields.packageKey}>
                  {request.kind === 'edit' ? request.project.packageTitle : fields.packageKey} (no longer offered)
                </option>
              )}
            </select>
          )}
        </FormField>
        <TextField {...bind('price')} label="Agreed price ($)" type="number" inputMode="numeric" min={0} step={1} className={compact} />
      </div>
      <TextField {...bind('dueDate')} label="Due date" type="date" className={cn(compact, 'sm:max-w-52')} hint="Optional." />
      <FormField id="project-notes" label="Notes" error={errors.notes} hint="For the studio only; the client never sees them.">
        {(control) => (
          <textarea
            {...control}
            name="notes"
            rows={5}
            maxLength={PROJECT_LIMITS.notes}
            value={fields.notes}
            disabled={pending}
            onChange={(event) => edit({ notes: event.target.value })}
            className={cn(inputClasses, 'text-sm')}
          />
        )}
      </FormField>
      {formError ? (
        <p role="alert" className="rounded-lg border border-danger/60 bg-danger-surface/50 px-4 py-3 text-sm text-red-200">
          {formError}
        </p>
      ) : null}
    </FormDialog>
  );
}
