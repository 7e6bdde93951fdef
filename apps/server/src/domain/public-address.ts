import { isIPv4, isIPv6 } from 'node:net';

type Range = readonly [prefix: readonly number[], bits: number];

const v4 = (dotted: string, bits: number): Range => [dotted.split('.').map(Number), bits];

/**
 * IPv4 blocks that are not the public Internet (IANA special-purpose registry): a URL we may call one day must not
 * reach the machine itself, the cloud metadata service (169.254.169.254) or the seller's internal network.
 */
const NON_PUBLIC_V4: readonly Range[] = [
  v4('0.0.0.0', 8), // "this network", including the unspecified 0.0.0.0
  v4('10.0.0.0', 8),
  v4('100.64.0.0', 10), // carrier-grade NAT
  v4('127.0.0.0', 8),
  v4('169.254.0.0', 16),
  v4('172.16.0.0', 12),
  v4('192.0.0.0', 24),
  v4('192.0.2.0', 24),
  v4('192.88.99.0', 24),
  v4('192.168.0.0', 16),
  v4('198.18.0.0', 15),
  v4('198.51.100.0', 24),
  v4('203.0.113.0', 24),
  v4('224.0.0.0', 4), // multicast
  v4('240.0.0.0', 4), // reserved, including the broadcast address
];

const v6 = (hex: string, bits: number): Range => [ipv6Bytes(hex)!, bits];

const NON_PUBLIC_V6: readonly Range[] = [
  v6('64:ff9b:1::', 48), // local-use NAT64
  v6('100::', 64), // discard-only
  v6('2001::', 23), // IETF protocol assignments (Teredo, ORCHID, benchmarking)
  v6('2001:db8::', 32), // documentation
  v6('fc00::', 7), // unique local
  v6('fe80::', 10), // link-local
  v6('fec0::', 10), // site-local (deprecated, still routed inside some networks)
  v6('ff00::', 8), // multicast
];

/** IPv6 forms that carry an IPv4 address: the embedded address decides. */
const EMBEDDING_V4: ReadonlyArray<{ range: Range; at: number }> = [
  { range: v6('::ffff:0:0', 96), at: 12 }, // IPv4-mapped
  { range: v6('::', 96), at: 12 }, // IPv4-compatible (deprecated); also covers :: and ::1
  { range: v6('64:ff9b::', 96), at: 12 }, // NAT64 well-known prefix
  { range: v6('2002::', 16), at: 2 }, // 6to4
];

function inRange(bytes: readonly number[], [prefix, bits]: Range): boolean {
  for (let i = 0; i < bits; i += 8) {
    const take = Math.min(8, bits - i);
    const mask = (0xff << (8 - take)) & 0xff;
    if (((bytes[i / 8] ?? 0) & mask) !== ((prefix[i / 8] ?? 0) & mask)) return false;
  }
  return true;
}

/** The 16 bytes of an IPv6 address (zone id dropped), or null when it is not one. */
export function ipv6Bytes(address: string): number[] | null {
  const text = address.replace(/%.*$/, '');
  if (!isIPv6(text)) return null;
  const [head = '', tail] = text.split('::') as [string, string | undefined];
  const groups = (part: string): number[] => {
    if (part === '') return [];
    return part.split(':').flatMap((group) => {
      if (group.includes('.')) {
        const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
        return [(a << 8) | b, (c << 8) | d];
      }
      return [parseInt(group, 16)];
    });
  };
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  return all.flatMap((group) => [group >> 8, group & 0xff]);
}

function isPublicV4(bytes: readonly number[]): boolean {
  return !NON_PUBLIC_V4.some((range) => inRange(bytes, range));
}

/**
 * True when `address` (an IPv4 or IPv6 literal, as DNS answers it) is a public unicast address: not loopback,
 * private, link-local, unique-local, unspecified, multicast or otherwise reserved, also when an IPv6 form embeds
 * such an IPv4 address (::ffff:127.0.0.1, 64:ff9b::a00:1, 2002:a00:1::).
 */
export function isPublicAddress(address: string): boolean {
  if (isIPv4(address)) return isPublicV4(address.split('.').map(Number));
  const bytes = ipv6Bytes(address);
  if (!bytes) return false;
  for (const { range, at } of EMBEDDING_V4) {
    if (inRange(bytes, range)) return isPublicV4(bytes.slice(at, at + 4));
  }
  return !NON_PUBLIC_V6.some((range) => inRange(bytes, range));
}
