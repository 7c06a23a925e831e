/**
 * Which addresses a production server must never call on a customer's behalf (webhook endpoints,
 * and any other address an operator or agent gives): loopback, private, link-local, shared,
 * unspecified, documentation, benchmarking, multicast and reserved ranges, in IPv4 and IPv6, and
 * every IPv6 form that carries an IPv4 address to such a range: IPv4-mapped (`::ffff:a.b.c.d`, as
 * the URL parser spells it `::ffff:7f00:1`), IPv4-compatible (`::a.b.c.d`, `::7f00:1`),
 * IPv4-translated (`::ffff:0:a.b.c.d`), NAT64 (`64:ff9b::/96`; the local-use `64:ff9b:1::/48` as a
 * whole) and 6to4 (`2002::/16`); Teredo (`2001::/32`) is refused outright. Anything that is not an
 * address literal counts as private: a caller resolves names first and checks every answer.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';

/** IPv4 ranges refused, as [first address, prefix length]. */
const V4_RANGES: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 3], // multicast, reserved and broadcast
];

/** IPv6 ranges refused outright, as [first address, prefix length]. */
const V6_RANGES: readonly (readonly [string, number])[] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215): translated to whatever the operator's network holds
  ['100::', 64], // discard
  ['2001::', 32], // Teredo: an IPv4 tunnel to an address the prefix does not show plainly
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

/** A dotted-quad IPv4 address as an unsigned 32-bit number, or null. */
function v4Number(address: string): number | null {
  if (isIP(address) !== 4) return null;
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

/** An IPv6 address as its eight 16-bit groups, or null (no zone id: a scoped address is never public). */
function v6Groups(address: string): number[] | null {
  if (isIP(address) !== 6 || address.includes('%')) return null;
  let text = address.toLowerCase();
  // A trailing dotted quad is two groups.
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad) {
    const n = v4Number(quad[1]!);
    if (n === null) return null;
    text = `${text.slice(0, quad.index)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (s: string) => (s === '' ? [] : s.split(':').map((g) => Number.parseInt(g, 16)));
  const first = parse(head);
  const last = tail === undefined ? [] : parse(tail);
  const missing = 8 - first.length - last.length;
  const groups = tail === undefined ? first : [...first, ...Array<number>(missing).fill(0), ...last];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

const V4 = V4_RANGES.map(([net, bits]) => ({ net: v4Number(net)!, bits }));
const V6 = V6_RANGES.map(([net, bits]) => ({ net: v6Groups(net)!, bits }));

function inV4(n: number): boolean {
  return V4.some(({ net, bits }) => bits === 0 || n >>> (32 - bits) === net >>> (32 - bits));
}

function inV6(groups: number[]): boolean {
  return V6.some(({ net, bits }) => {
    for (let i = 0, left = bits; left > 0; i++, left -= 16) {
      const take = Math.min(16, left);
      if (groups[i]! >>> (16 - take) !== net[i]! >>> (16 - take)) return false;
    }
    return true;
  });
}

/**
 * The IPv4 address an IPv6 address carries to the IPv4 internet, as a number: IPv4-mapped,
 * IPv4-compatible, IPv4-translated, NAT64 (well-known prefix) and 6to4; null for any other.
 */
function carriedV4(g: number[]): number | null {
  const low = g[6]! * 0x10000 + g[7]!;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  // ::a.b.c.d (compatible) and ::ffff:a.b.c.d (mapped)
  if (zeros(0, 5) && (g[5] === 0 || g[5] === 0xffff)) return low;
  // ::ffff:0:a.b.c.d (translated)
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return low;
  // 64:ff9b::a.b.c.d (NAT64)
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return low;
  // 2002:AABB:CCDD::/48 (6to4)
  if (g[0] === 0x2002) return g[1]! * 0x10000 + g[2]!;
  return null;
}

/** The IPv4 address (dotted) an IPv6 address carries, or null: for logs and messages. */
export function embeddedIpv4(address: string): string | null {
  const groups = v6Groups(address);
  const n = groups && carriedV4(groups);
  return n === null || n === undefined ? null : [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

/** Whether `address` (an IP literal) is one a production server must not call; anything else counts as private. */
export function isPrivateAddress(address: string): boolean {
  const v4 = v4Number(address);
  if (v4 !== null) return inV4(v4);
  const groups = v6Groups(address);
  if (!groups) return true;
  if (inV6(groups)) return true;
  const carried = carriedV4(groups);
  return carried !== null && inV4(carried);
}

function lookupPublic(
  hostname: string,
  options: object,
  callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const list = addresses as LookupAddress[];
    const bad = list.find((a) => isPrivateAddress(a.address));
    if (bad || list.length === 0) {
      const e = Object.assign(new Error(`${hostname} resolves to a private address`), { code: 'EPRIVATE' });
      return callback(e, []);
    }
    if ((options as { all?: boolean }).all) return callback(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
}

/**
 * A DNS lookup (as `net.connect`, `http.request` and undici's `connect` take it) that fails with code
 * `EPRIVATE` when a name resolves to any private address (isPrivateAddress), so a name that resolves,
 * or re-resolves, to one is never connected to.
 */
export const publicLookup = lookupPublic as LookupFunction;

/**
 * The network a client address stands for when counting its tries: an IPv4 address itself (also
 * written IPv4-mapped), an IPv6 address's /64 (one subscriber's prefix: changing the interface
 * identifier must not buy more tries). Anything else is kept as it is.
 */
export function clientNetwork(address: string): string {
  if (isIP(address) === 4) return address;
  const groups = v6Groups(address.split('%')[0] ?? '');
  if (!groups) return address;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >>> 8, groups[6]! & 255, groups[7]! >>> 8, groups[7]! & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
