/** A plain email address: no spaces and nothing that would add to or end a `mailto:` address. */
const plainAddress = /^[^\s@?&#,;:<>"%]+@[^\s@?&#,;:<>"%]+\.[^\s@?&#,;:<>"%]+$/;

/**
 * The `mailto:` address of an application (RFC 6068): to the settings' receiver, with subject and body
 * in the member's language; null when no usable address is configured (the page then says so).
 */
export function applyMailto(receiver: string, subject: string, body: string): string | null {
  const address = receiver.trim();
  if (!plainAddress.test(address)) return null;
  const lines = body.replace(/\r?\n/g, '\r\n');
  return `mailto:${address}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(lines)}`;
}
