import { describe, expect, it } from 'vitest';
import { networkOf } from './network.ts';

describe('networkOf (issue 40: reporters are counted by network, not by account)', () => {
  it('IPv4 by its /24, an IPv4-mapped address the same', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkOf('203.0.113.250')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
    expect(networkOf('203.0.114.7')).toBe('203.0.114.0/24');
  });

  it('IPv6 by its /48, whatever the spelling', () => {
    expect(networkOf('2001:db8:1:2::7')).toBe('2001:db8:1::/48');
    expect(networkOf('2001:0DB8:0001:ffff:1:2:3:4')).toBe('2001:db8:1::/48');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0::/48');
    expect(networkOf('2001:db8:2::1')).not.toBe(networkOf('2001:db8:1::1'));
    expect(networkOf('::1')).toBe('0:0:0::/48');
  });

  it('no address, or not an address: no network', () => {
    expect(networkOf('')).toBe('');
    expect(networkOf(undefined)).toBe('');
    expect(networkOf('unknown')).toBe('');
    expect(networkOf('300.1.1.1')).toBe('');
  });
});
