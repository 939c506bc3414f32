import type { InsightEvents } from './insight-events.ts';
import { isAutomated, isDocumentRequest, isPrefetch } from './visitor-rules.ts';

/** A finished GET as the HTTP layer reports it (server/http/page-view-tap.ts). */
export interface AnsweredGet {
  path: string;
  query: URLSearchParams;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  address: string;
  status: number;
  contentType: string;
  at: Date;
}

/**
 * Which answered GETs are a person viewing a visitors' page: a page (200 with HTML, or 304 to a
 * revalidation), asked for as a document, by a browser that is not a bot and not prefetching, at an
 * address the page routes declare a visitors' page (`visitorPage`, common/page-policy.ts).
 */
export function pageViewCounter(events: InsightEvents, isVisitorPage: (path: string) => Promise<boolean>) {
  return (request: AnsweredGet): void => {
    const page = request.status === 304 || (request.status === 200 && request.contentType.startsWith('text/html'));
    if (!page || !isDocumentRequest(request.headers) || isAutomated(request.headers) || isPrefetch(request.headers)) return;
    events.observeIf(isVisitorPage(request.path), { ...request, kind: 'view', target: null });
  };
}
