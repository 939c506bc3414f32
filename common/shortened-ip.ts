/**
 * An address as the site's logs keep it (the review links' access log, the staff's audit log): IPv4
 * to its /24, IPv6 to its /48. Enough to tell one network from another and to see abuse, not enough
 * to name a household (decision 082).
 */
export function shortenedIp(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (ip.includes(':')) {
    const [head] = ip.split('::');
    const groups = (head ?? '').split(':').filter(Boolean).slice(0, 3);
    while (groups.length < 3) groups.push('0');
    return `${groups.join(':')}::/48`;
  }
  return 'unknown';
}
