import { ArrowRight, CalendarDays, Download, FileAudio, PackageCheck } from 'lucide-react';
import { Link } from 'react-router';
import { sees } from '#common/collaborators.ts';
import type { PortalProjectSummary } from '#common/projects.ts';
import { formatDay } from './format.ts';
import { StatusBadge } from './status-badge.tsx';
import { cn } from '#app/lib/cn.ts';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The client's projects, newest change first, each a card leading to its page. */
export function ProjectList({ projects }: { projects: PortalProjectSummary[] }) {
  if (projects.length === 0) {
    return (
      <p className="rounded-2xl border border-line bg-surface p-6 text-fg-muted">
        There are no projects under this address at the moment. If you expected one, reply to the studio&apos;s e-mail and we will sort it
        out.
      </p>
    );
  }
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {projects.map((project) => (
        <li key={project.id}>
          <article
            className={cn(
              'group relative grid h-full gap-4 rounded-2xl border border-line bg-surface p-5',
              'transition-colors hover:border-accent/60 sm:p-6',
            )}
          >
            <div className="flex flex-wrap items-start justify-between gap-3">
              <h2 className="min-w-0 break-words text-xl font-semibold text-fg">
                {/* The whole card answers the click (the link's ::after covers it); the name read out is the title. */}
                <Link
                  to={`/portal/projects/${project.id}`}
                  className={cn(
                    'rounded after:absolute after:inset-0 after:rounded-2xl group-hover:text-accent',
                    'focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-accent',
                  )}
                >
                  {project.title}
                </Link>
              </h2>
              <StatusBadge status={project.status} />
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
              <div>
                <dt className="sr-only">Package</dt>
                <dd className="flex items-center gap-2 text-fg-muted">
                  <PackageCheck aria-hidden className="size-4 shrink-0 text-fg-subtle" />
                  {project.packageTitle}
                </dd>
              </div>
              <div>
                <dt className="sr-only">Due</dt>
                <dd className="flex items-center gap-2 text-fg-muted">
                  <CalendarDays aria-hidden className="size-4 shrink-0 text-fg-subtle" />
                  {project.dueDate ? `Due ${formatDay(project.dueDate)}` : 'No due date yet'}
                </dd>
              </div>
              {/* The client's files are theirs alone (common/collaborators.ts): a collaborator's row has no count. */}
              {sees(project.access, 'clientFiles') && project.fileCount !== undefined ? (
                <div>
                  <dt className="sr-only">Your files</dt>
                  <dd className="flex items-center gap-2 text-fg-muted">
                    <FileAudio aria-hidden className="size-4 shrink-0 text-fg-subtle" />
                    {plural(project.fileCount, 'file sent', 'files sent')}
                  </dd>
                </div>
              ) : null}
              <div>
                <dt className="sr-only">Deliveries</dt>
                <dd className="flex items-center gap-2 text-fg-muted">
                  <Download aria-hidden className="size-4 shrink-0 text-fg-subtle" />
                  {plural(project.deliveryCount, 'delivery', 'deliveries')}
                </dd>
              </div>
            </dl>
            <span aria-hidden className="inline-flex items-center gap-1 text-sm font-semibold text-accent">
              Open project
              <ArrowRight aria-hidden className="size-4 transition-transform group-hover:translate-x-0.5" />
            </span>
          </article>
        </li>
      ))}
    </ul>
  );
}
