import type { FunnelStage, GoalKind, InsightSummary } from '#common/insights.ts';

export const GOAL_LABELS: Record<GoalKind, string> = {
  contact_sent: 'Contact form sent',
  consultation_booked: 'Consultation booked',
  project_request: 'Project request sent',
  proposal_sent: 'Proposal sent',
  proposal_accepted: 'Proposal accepted',
  payment_made: 'Payment made',
};

const STAGE_LABELS: Record<FunnelStage, string> = {
  visitors: 'Visitors',
  engaged: 'Engaged',
  enquired: 'Enquired or booked',
  proposed: 'Sent a proposal',
  accepted: 'Accepted',
  paid: 'Paid',
};

const share = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)} %` : '–');

/**
 * The funnel (each step's visitors, and the share of the step before) and each goal with where its
 * visits came from. Bars are drawn behind table rows, so the table is the chart and reads as one.
 */
export function GoalsAndFunnel({ summary, sourceLabel }: { summary: InsightSummary; sourceLabel: (value: string) => string }) {
  const top = Math.max(1, summary.funnel[0]?.visitors ?? 0, ...summary.funnel.map((step) => step.visitors));
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-2">
      <section aria-labelledby="insights-funnel" className="min-w-0 rounded-xl border border-line bg-surface p-4 sm:p-5">
        <h3 id="insights-funnel" className="font-semibold text-fg">
          From visit to client
        </h3>
        <p className="mt-1 text-xs text-fg-subtle">
          Visitors who reached each step, counted day by day; the share is of the step before. Engaged: played a sample or opened two pages.
          Enquired: wrote, booked a consultation or asked for a project.
        </p>
        <table className="mt-3 w-full table-fixed text-sm tabular-nums">
          <thead className="text-xs text-fg-muted">
            <tr>
              <th scope="col" className="pb-1 text-left font-medium">
                Step
              </th>
              <th scope="col" className="w-20 pb-1 text-right font-medium">
                Visitors
              </th>
              <th scope="col" className="w-16 pb-1 text-right font-medium">
                Share
              </th>
            </tr>
          </thead>
          <tbody>
            {summary.funnel.map((step, index) => (
              <tr key={step.stage}>
                <th scope="row" className="relative py-1.5 pr-2 text-left font-normal">
                  <span
                    aria-hidden
                    className="absolute inset-y-0.5 left-0 rounded bg-accent-soft"
                    style={{ width: `${(step.visitors / top) * 100}%` }}
                  />
                  <span className="relative block truncate pl-2 text-fg" title={STAGE_LABELS[step.stage]}>
                    {STAGE_LABELS[step.stage]}
                  </span>
                </th>
                <td className="py-1.5 text-right text-fg">{step.visitors}</td>
                <td className="py-1.5 text-right text-fg-muted">
                  {index === 0 ? '' : share(step.visitors, summary.funnel[index - 1]!.visitors)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="insights-goals" className="min-w-0 rounded-xl border border-line bg-surface p-4 sm:p-5">
        <h3 id="insights-goals" className="font-semibold text-fg">
          Goals
        </h3>
        <p className="mt-1 text-xs text-fg-subtle">
          Credited to the visit they came from. Payments and proposals the studio records come from no visit.
        </p>
        <table className="mt-3 w-full text-sm tabular-nums">
          <thead className="text-xs text-fg-muted">
            <tr>
              <th scope="col" className="pb-1 text-left font-medium">
                Goal
              </th>
              <th scope="col" className="pb-1 text-right font-medium">
                Times
              </th>
              <th scope="col" className="pb-1 pl-3 text-left font-medium max-sm:hidden">
                Top source
              </th>
              <th scope="col" className="pb-1 pl-3 text-left font-medium">
                Top landing page
              </th>
            </tr>
          </thead>
          <tbody>
            {summary.goals.map((goal) => (
              <tr key={goal.kind} className="border-t border-line">
                <th scope="row" className="py-1.5 pr-2 text-left font-normal text-fg">
                  {GOAL_LABELS[goal.kind]}
                  {goal.sources[0] && <span className="block text-xs text-fg-subtle sm:hidden">{sourceLabel(goal.sources[0].value)}</span>}
                </th>
                <td className="py-1.5 text-right text-fg">{goal.count}</td>
                <td className="py-1.5 pl-3 text-fg-muted max-sm:hidden">{goal.sources[0] ? sourceLabel(goal.sources[0].value) : '–'}</td>
                <td className="max-w-32 truncate py-1.5 pl-3 text-fg-muted">{goal.landings[0]?.value ?? '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
