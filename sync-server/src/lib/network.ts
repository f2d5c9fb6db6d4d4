import { isIPv4, isIPv6 } from 'node:net';
import { AUTO_HOLD } from '../../../schema/rules/standing.ts';

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a zone dropped, an IPv4 tail converted). */
function ipv6Groups(ip: string): number[] {
  let text = ip.toLowerCase().split('%')[0]!;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -v4[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const hex =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return hex.map((g) => Number.parseInt(g, 16) || 0);
}

/**
 * The network an address belongs to, for counting people by where they are rather than by account
 * (issue 40): IPv4 by its /24 ('203.0.113.0/24'; an IPv4-mapped IPv6 address too), IPv6 by its /48
 * ('2001:db8:1::/48') — one home or office is given a whole /48 or /56 and may use any address in it, as
 * one operator hands a customer addresses of one /24. Anything else (a missing address) is '' — no network.
 */
export function networkOf(ip: string | undefined | null): string {
  if (!ip) return '';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const v4 = mapped ? mapped[1]! : ip;
  if (isIPv4(v4)) {
    const octets = v4.split('.').map(Number);
    const keep = AUTO_HOLD.ipv4PrefixBits / 8;
    return `${[...octets.slice(0, keep), ...Array(4 - keep).fill(0)].join('.')}/${AUTO_HOLD.ipv4PrefixBits}`;
  }
  if (!isIPv6(ip)) return '';
  const groups = ipv6Groups(ip).slice(0, AUTO_HOLD.ipv6PrefixBits / 16);
  return `${groups.map((g) => g.toString(16)).join(':')}::/${AUTO_HOLD.ipv6PrefixBits}`;
}
