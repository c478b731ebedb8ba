import { describe, expect, it } from 'vitest';
import { accountKey, addressKey } from './attempts';

describe('addressKey', () => {
  it('keeps an IPv4 address, also when IPv4-mapped', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:5:7::/64';
    for (const spelling of [
      '2001:db8:5:7::1',
      '2001:0DB8:0005:0007:ffff:1:2:3',
      '2001:db8:5:7:0:0:0:0',
      '2001:db8:5:7::192.0.2.1',
      '2001:db8:5:7::9%eth0',
    ]) {
      expect(addressKey(spelling), spelling).toBe(key);
    }
    expect(addressKey('2001:db8:5:8::1')).toBe('2001:db8:5:8::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });
});

describe('accountKey', () => {
  it('is the same for any case or spacing of one email, and holds no part of it', () => {
    expect(accountKey(' Kai@Example.com ')).toBe(accountKey('kai@example.com'));
    expect(accountKey('kai@example.com')).not.toContain('kai');
    expect(accountKey('kai@example.com')).toMatch(/^[0-9a-f]{64}$/);
  });
});
