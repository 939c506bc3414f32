import { data, type LoaderFunctionArgs } from 'react-router';
import type { ClientProposalView } from '#common/proposals.ts';
import { isAutomated, isPrefetch } from '#server/insights/visitor-rules.ts';
import { fromContext } from '#app/lib/server-context.server.ts';

/*
 * `/p/{token}`: the client's proposal (decision 114). The address is the key: no account is needed
 * to read, choose and sign. A person's load counts as a visit for the owner ("viewed"); a mail
 * scanner's or link previewer's fetch, a prefetch and a HEAD do not, so "viewed" means somebody looked.
 * The form's post and the page's script are answered by the server's routes (server/api/proposals.ts).
 */

const aPersonLooks = (request: Request) =>
  request.method === 'GET' && !isAutomated(Object.fromEntries(request.headers)) && !isPrefetch(Object.fromEntries(request.headers));

export type ProposalPage = { kind: 'not-found' } | { kind: 'found'; token: string; proposal: ClientProposalView; problem: string | null };

export async function proposalPageLoader({ params, context, request }: LoaderFunctionArgs) {
  const token = String(params.token);
  const found = await fromContext(context).services.proposals.clientView(token, aPersonLooks(request));
  if (!found) return data<ProposalPage>({ kind: 'not-found' }, { status: 404 });
  const problem = new URL(request.url).searchParams.get('problem');
  const gone = found.view.state === 'expired' || found.view.state === 'withdrawn';
  return data<ProposalPage>(
    { kind: 'found', token, proposal: found.view, problem: problem && /^[a-z-]{1,30}$/.test(problem) ? problem : null },
    { status: gone ? 410 : 200 },
  );
}
