/**
 * A mailto: link that opens the owner's mail client with an answer to a submission: to the visitor,
 * subject `Re: your enquiry to {studio}`, and the message quoted below an empty line for the reply.
 * RFC 6068: every part is percent-encoded (a space is %20, never +), line breaks are CRLF.
 */
export function replyMailto(submission: { name: string; email: string; message: string }, studioName: string): string {
  const quoted = submission.message
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\r\n');
  const body = `\r\n\r\n${submission.name} wrote:\r\n${quoted}\r\n`;
  const subject = `Re: your enquiry to ${studioName}`;
  // The address keeps its @ readable; anything that could end the path (?, #, %) is encoded.
  const to = encodeURIComponent(submission.email).replace(/%40/g, '@');
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
