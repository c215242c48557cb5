import { describe, expect, it } from 'vitest';
import { createAddressList, createProxyTrust, plainAddress } from './proxy-trust.ts';

describe('createProxyTrust', () => {
  it('without trust, the peer is the client whatever it sends', () => {
    const resolve = createProxyTrust({ kind: 'none' });
    expect(resolve('198.51.100.20', '203.0.113.9', 'https')).toEqual({ address: '198.51.100.20', protocol: null });
  });

  it('with one hop, takes the address the proxy appended, not what the client wrote before it', () => {
    const resolve = createProxyTrust({ kind: 'hops', hops: 1 });
    expect(resolve('10.0.0.2', '6.6.6.6, 203.0.113.9', 'https')).toEqual({ address: '203.0.113.9', protocol: 'https' });
    expect(resolve('10.0.0.2', undefined, undefined)).toEqual({ address: '10.0.0.2', protocol: null });
  });

  it('with two hops, skips two proxies', () => {
    const resolve = createProxyTrust({ kind: 'hops', hops: 2 });
    expect(resolve('10.0.0.2', '6.6.6.6, 203.0.113.9, 10.0.0.1').address).toBe('203.0.113.9');
  });

  it('with an address list, walks right to left over trusted proxies only', () => {
    const resolve = createProxyTrust({ kind: 'addresses', list: ['10.0.0.0/8', '::1'] });
    expect(resolve('10.0.0.2', '6.6.6.6, 203.0.113.9, 10.1.2.3', 'https')).toEqual({
      address: '203.0.113.9',
      protocol: 'https',
    });
    expect(resolve('::1', '203.0.113.9').address).toBe('203.0.113.9');
    // A peer outside the list is the client, and its headers are ignored.
    expect(resolve('198.51.100.20', '203.0.113.9', 'https')).toEqual({ address: '198.51.100.20', protocol: null });
  });

  it('never returns a malformed hop as the client address', () => {
    const resolve = createProxyTrust({ kind: 'hops', hops: 1 });
    expect(resolve('10.0.0.2', 'not-an-ip').address).toBe('10.0.0.2');
    expect(resolve('10.0.0.2', '203.0.113.9', 'gopher').protocol).toBeNull();
  });
});

describe('createAddressList', () => {
  it('matches addresses and CIDRs of both families, IPv4-mapped peers too', () => {
    const inList = createAddressList(['127.0.0.0/8', '::1', '2001:db8::/32']);
    expect(inList('127.8.9.10')).toBe(true);
    expect(inList('::ffff:127.0.0.1')).toBe(true);
    expect(inList('::1')).toBe(true);
    expect(inList('2001:db8:1::5')).toBe(true);
    expect(inList('10.0.0.1')).toBe(false);
    expect(inList('garbage')).toBe(false);
  });

  it('answers the same address asked again in turn with others as the first time', () => {
    const inList = createAddressList(['127.0.0.0/8']);
    const asked = ['::ffff:127.0.0.1', '::ffff:127.0.0.1', '10.0.0.1', '10.0.0.1', '127.0.0.2', '::ffff:127.0.0.1'];
    expect(asked.map(inList)).toEqual([true, true, false, false, true, true]);
  });

  it('refuses an entry that is not an address or CIDR', () => {
    expect(() => createAddressList(['10.0.0.0/x'])).toThrow(/not an address or CIDR/);
    expect(() => createAddressList(['example.com'])).toThrow(/not an address or CIDR/);
  });

  it('plainAddress unwraps IPv4-mapped IPv6 only', () => {
    expect(plainAddress('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(plainAddress('::1')).toBe('::1');
    expect(plainAddress('::ffff:1')).toBe('::ffff:1');
  });

  it('plainAddress answers each peer in turn, the same one again or another', () => {
    const peers = [
      '::ffff:10.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:192.168.1.7',
      '::ffff:abcd',
      '::ffff:10.0.0.1',
      '::ffff:abcd',
    ];
    expect(peers.map(plainAddress)).toEqual([
      '10.0.0.1',
      '10.0.0.1',
      '192.168.1.7',
      '::ffff:abcd',
      '10.0.0.1',
      '::ffff:abcd',
    ]);
  });
});
