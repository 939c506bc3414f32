import { useEffect, useState } from 'react';
import type { ProjectEngineersView } from '#common/project-engineers.ts';
import { roleMay, STAFF_ROLE_LABELS } from '#common/staff-roles.ts';
import { Button } from '#app/components/ui/button.tsx';
import { useStaffRole } from '#app/features/admin/staff/staff-role.tsx';
import { api } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';
import { SectionCard } from './section-card.tsx';

const namesOf = (view: ProjectEngineersView) =>
  view.engineers.length === 0 ? 'No one yet.' : view.engineers.map((e) => (e.lead ? `${e.name} (lead)` : e.name)).join(', ');

/** Who works on the project (issue 43): everyone reads it; the owner and the front desk choose, the lead first. */
export function ProjectEngineers({ projectId }: { projectId: number }) {
  const role = useStaffRole();
  const canAssign = roleMay(role ?? undefined, 'projects.assign');
  const [view, setView] = useState<ProjectEngineersView | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const [lead, setLead] = useState<number | null>(null);
  const [pending, setPending] = useState(false);

  const show = (next: ProjectEngineersView) => {
    setView(next);
    setChosen(next.engineers.map((engineer) => engineer.id));
    setLead(next.engineers.find((engineer) => engineer.lead)?.id ?? null);
  };

  useEffect(() => {
    void api<ProjectEngineersView>('GET', `/api/admin/projects/${projectId}/engineers`).then((result) => {
      if (result.ok) show(result.data);
    });
  }, [projectId]);

  async function save() {
    const leadFirst = lead !== null && chosen.includes(lead) ? [lead, ...chosen.filter((id) => id !== lead)] : chosen;
    setPending(true);
    const result = await api<ProjectEngineersView>('PUT', `/api/admin/projects/${projectId}/engineers`, { engineerIds: leadFirst });
    setPending(false);
    if (result.ok) {
      show(result.data);
      toast({ title: 'Engineers saved', description: namesOf(result.data) });
    } else toast({ title: 'Not saved', description: result.serverMessage ?? result.message, variant: 'destructive' });
  }

  const toggle = (id: number, on: boolean) => {
    setChosen((current) => (on ? [...current, id] : current.filter((other) => other !== id)));
    if (on && lead === null) setLead(id);
    if (!on && lead === id) setLead(null);
  };

  return (
    <SectionCard id="project-engineers" title="Engineers" description={view ? namesOf(view) : 'Loading...'}>
      {canAssign && view ? (
        <div className="grid gap-3">
          <ul aria-label="Who can work on it" className="grid gap-2">
            {view.candidates.map((person) => (
              <li key={person.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line px-3 py-2">
                <label className="flex min-h-11 items-center gap-3 text-fg sm:min-h-0">
                  <input
                    type="checkbox"
                    className="size-4 accent-[var(--color-accent)]"
                    checked={chosen.includes(person.id)}
                    onChange={(event) => toggle(person.id, event.currentTarget.checked)}
                  />
                  {person.name} <span className="text-sm text-fg-muted">{STAFF_ROLE_LABELS[person.role]}</span>
                </label>
                <label className="flex min-h-11 items-center gap-2 text-sm text-fg-muted sm:min-h-0">
                  <input
                    type="radio"
                    name="project-lead"
                    className="size-4 accent-[var(--color-accent)]"
                    disabled={!chosen.includes(person.id)}
                    checked={lead === person.id}
                    onChange={() => setLead(person.id)}
                    aria-label={`${person.name} leads`}
                  />
                  Lead
                </label>
              </li>
            ))}
          </ul>
          <div>
            <Button variant="secondary" size="sm" disabled={pending} onClick={() => void save()}>
              {pending ? 'Saving...' : 'Save engineers'}
            </Button>
          </div>
        </div>
      ) : null}
    </SectionCard>
  );
}
