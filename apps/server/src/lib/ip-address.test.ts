import { describe, expect, it } from 'vitest';
import { clientNetwork, isPrivateAddress } from './ip-address.ts';

describe('isPrivateAddress', () => {
  it.each([
    // IPv4: loopback, private, shared, link-local, unspecified, benchmarking, documentation, multicast, reserved
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.9',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.169.254',
    '0.0.0.0',
    '198.18.0.1',
    '192.0.2.1',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '255.255.255.255',
    // IPv6: unspecified, loopback, unique local, link-local (with a zone), site-local, multicast, discard, documentation
    '::',
    '::1',
    'fd00::1',
    'fe80::1',
    'fe80::1%eth0',
    'fec0::1',
    'ff02::1',
    '100::1',
    '2001:db8::1',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    // IPv4-mapped, in every spelling the URL parser or a resolver may give
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '0:0:0:0:0:ffff:7f00:1',
    '::FFFF:10.0.0.1',
    // IPv4-compatible (deprecated, still routed to the IPv4 address by some stacks)
    '::7f00:1',
    '::127.0.0.1',
    '::a00:1',
    '::169.254.169.254',
    '0:0:0:0:0:0:7f00:1',
    // IPv4-translated (SIIT)
    '::ffff:0:7f00:1',
    '::ffff:0:10.0.0.1',
    // NAT64, well-known prefix, with a private IPv4 inside; and the local-use NAT64 prefix as a whole
    '64:ff9b::7f00:1',
    '64:ff9b::10.1.2.3',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:1::808:808',
    // 6to4 of a private IPv4, and Teredo (an IPv4 tunnel to anywhere)
    '2002:7f00:1::',
    '2002:a00:1::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  ])('refuses the IPv4 inside %s when it is private, or the tunnel', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '2606:4700:4700::1111',
    '2a00:1450:4001:82a::200e',
    '::ffff:8.8.8.8',
    '::ffff:808:808',
    '64:ff9b::808:808',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
  ])('lets %s through', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  it.each(['', 'localhost', 'example.com', '1.2.3', '::ffff:1.2.3.4.5', '1::2::3', 'gggg::1', '12345::1'])(
    'refuses %s, which is not an address',
    (address) => {
      expect(isPrivateAddress(address)).toBe(true);
    },
  );
});

describe('clientNetwork', () => {
  it('is an IPv4 address itself, also when written IPv4-mapped', () => {
    expect(clientNetwork('203.0.113.9')).toBe('203.0.113.9');
    expect(clientNetwork('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('is the /64 of an IPv6 address, however it is written', () => {
    expect(clientNetwork('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8:1:2::1%eth0')).toBe('2001:db8:1:2::/64');
  });
});
