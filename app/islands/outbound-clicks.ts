/**
 * Tells the visitor statistics (decision 113) that a link to another site was followed: the other
 * site's host only, never the whole address, through the beacon the server answers 204 to whatever it
 * is sent. Part of the islands entry (so the CSP already trusts it), a few hundred bytes.
 */
export function countOutboundClicks(): void {
  const followed = (event: MouseEvent) => {
    if (event.type === 'auxclick' && event.button !== 1) return;
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || !/^https?:$/.test(link.protocol) || link.host === location.host) return;
    const body = JSON.stringify({ event: 'outbound', path: location.pathname, target: link.hostname.replace(/^www\./, '') });
    if (!navigator.sendBeacon?.('/api/beacon', body))
      void fetch('/api/beacon', { method: 'POST', body, keepalive: true, headers: { 'Content-Type': 'text/plain' } }).catch(() => {});
  };
  document.addEventListener('click', followed, { capture: true });
  document.addEventListener('auxclick', followed, { capture: true });
}
