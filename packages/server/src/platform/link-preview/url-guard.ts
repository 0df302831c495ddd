import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/**
 * Outbound request guard for link previews (SSRF protection). A target is fetched only when:
 * - the scheme is http or https and the URL carries no user name or password;
 * - the port is 80, 443 or above 1023 (any port on a public address, except the well-known ports
 *   of other protocols such as 22 or 25, so a preview cannot talk to a mail or SSH server);
 * - every address the name resolves to is a public unicast address (checked again after every
 *   redirect), and the connection goes to the checked address (see `safe-fetch.ts`).
 * Decimal, octal and hex IPv4 forms are normalised by the WHATWG URL parser before the check.
 */

/** Resolves a host name to all its addresses; injectable so tests need no DNS server. */
export type Resolver = (hostname: string) => Promise<string[]>;

/**
 * Exception for a named host to reach a non-public address: the operator's static host map
 * (`LINK_PREVIEW_HOSTS`, see `static-hosts.ts`) and the tests' local site. The check is by host name
 * AND address, so a redirect to the bare address or to another name is still refused.
 */
export type PrivateAllowance = (hostname: string, address: string) => boolean;

/** The system resolver (getaddrinfo: DNS and /etc/hosts), every address of both families. */
export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/** A checked target: the URL and the address the connection must go to. */
export interface GuardedTarget {
  url: URL;
  hostname: string;
  address: string;
  family: 4 | 6;
}

/** Why a target was refused (never shown to members; used in logs and tests). */
export class RefusedTarget extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'RefusedTarget';
  }
}

const cidr = (text: string) => ipaddr.parseCIDR(text);

/** IPv4 ranges refused on top of ipaddr's own (which names private, loopback, reserved and others). */
const blockedV4 = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
].map(cidr);

/** IPv6 ranges refused besides everything outside 2000::/3 (documentation, ORCHID, Teredo, ...). */
const blockedV6 = ['2001::/23', '2001:db8::/32', '3fff::/20'].map(cidr);
const globalUnicastV6 = cidr('2000::/3');

function isPublicV4(address: ipaddr.IPv4): boolean {
  if (address.range() !== 'unicast') return false;
  return !blockedV4.some(([network, bits]) => address.match(network, bits));
}

/** The IPv4 address embedded in an IPv6 form (mapped, NAT64, 6to4), or null when it has none. */
function embeddedV4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const range = address.range();
  if (range === 'ipv4Mapped') return address.toIPv4Address();
  const bytes = address.toByteArray();
  if (range === 'rfc6052') return new ipaddr.IPv4(bytes.slice(12, 16));
  if (range === '6to4') return new ipaddr.IPv4(bytes.slice(2, 6));
  return null;
}

/** True when an address (v4 or v6 text, brackets allowed) is public unicast and may be fetched. */
export function isPublicAddress(text: string): boolean {
  const bare = text.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return false;
  const address = ipaddr.parse(bare);
  if (address.kind() === 'ipv4') return isPublicV4(address as ipaddr.IPv4);
  const v6 = address as ipaddr.IPv6;
  const embedded = embeddedV4(v6);
  if (embedded) return isPublicV4(embedded);
  if (!v6.match(globalUnicastV6) || v6.range() !== 'unicast') return false;
  return !blockedV6.some(([network, bits]) => v6.match(network, bits));
}

/** True when a port may be used: 80, 443 or an unprivileged port (1024 and above). */
export function isAllowedPort(port: number): boolean {
  return port === 80 || port === 443 || (port >= 1024 && port <= 65535);
}

/** Parses and checks the form of a URL (scheme, credentials, port); throws `RefusedTarget`. */
export function parseTargetUrl(text: string | URL): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new RefusedTarget('not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RefusedTarget(`scheme ${url.protocol}`);
  }
  if (url.username || url.password) throw new RefusedTarget('credentials in URL');
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  if (!isAllowedPort(port)) throw new RefusedTarget(`port ${port}`);
  return url;
}

export interface GuardOptions {
  resolve: Resolver;
  /** The static host map's (or the tests') exception: see `PrivateAllowance`. */
  allowPrivate?: PrivateAllowance;
}

/**
 * Checks a URL and resolves its host: every address must be public (or allowed by the test-only
 * allowance for this host name). Returns the address to connect to; throws `RefusedTarget`.
 */
export async function guardTarget(text: string | URL, options: GuardOptions): Promise<GuardedTarget> {
  const url = parseTargetUrl(text);
  const hostname = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (!hostname) throw new RefusedTarget('no host');
  let addresses: string[];
  if (ipaddr.isValid(hostname)) {
    addresses = [hostname];
  } else {
    try {
      addresses = await options.resolve(hostname);
    } catch {
      throw new RefusedTarget('host not found');
    }
  }
  if (addresses.length === 0) throw new RefusedTarget('host not found');
  const allowed = (address: string) =>
    isPublicAddress(address) || (options.allowPrivate?.(hostname, address) ?? false);
  const refused = addresses.find((address) => !allowed(address));
  if (refused !== undefined) throw new RefusedTarget(`address ${refused} of ${hostname} is not public`);
  const address = addresses[0]!.replace(/^\[|\]$/g, '');
  return { url, hostname, address, family: ipaddr.parse(address).kind() === 'ipv6' ? 6 : 4 };
}
