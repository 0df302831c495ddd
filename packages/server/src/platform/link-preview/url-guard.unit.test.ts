import { describe, expect, it } from 'vitest';
import { hostileUrls, testFetchOptions, testResolver } from '../../../test/link-preview-server';
import { guardTarget, isAllowedPort, isPublicAddress, RefusedTarget, systemResolver } from './url-guard';

describe('isPublicAddress', () => {
  it.each([
    '8.8.8.8',
    '93.184.216.34',
    '1.1.1.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('accepts the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.100.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.254',
    '224.0.0.251',
    '255.255.255.255',
    '192.0.0.9',
    '192.0.2.1',
    '198.18.0.1',
    '198.51.100.1',
    '203.0.113.1',
    '240.0.0.1',
    '::',
    '::1',
    '[::1]',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::7f00:1',
    '64:ff9b::a00:1',
    '2002:c0a8:101::1',
    '2001::1',
    '2001:db8::1',
    'fc00::1',
    'fdff::1',
    'fe80::1',
    'fec0::1',
    'ff02::1',
    '100::1',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('isAllowedPort', () => {
  it('allows 80, 443 and unprivileged ports, refuses other well-known ports', () => {
    expect([80, 443, 1024, 8080, 65535].every(isAllowedPort)).toBe(true);
    expect([0, 21, 22, 25, 110, 1023, 65536].some(isAllowedPort)).toBe(false);
  });
});

describe('guardTarget', () => {
  it.each(hostileUrls)('refuses %s', async (url) => {
    await expect(guardTarget(url, testFetchOptions)).rejects.toBeInstanceOf(RefusedTarget);
  });

  it('refuses every hostile URL with the production resolver too (no test allowance)', async () => {
    // Only literal addresses and non-http schemes: no DNS needed for these.
    const literal = hostileUrls.filter((url) => !/\.test|localhost/.test(url));
    for (const url of literal) {
      await expect(guardTarget(url, { resolve: systemResolver })).rejects.toBeInstanceOf(RefusedTarget);
    }
  });

  it('lets the test name through only with its allowance, never the bare address', async () => {
    const target = await guardTarget('http://public.test:8080/page', testFetchOptions);
    expect(target).toMatchObject({ hostname: 'public.test', address: '127.0.0.1', family: 4 });
    await expect(guardTarget('http://public.test:8080/', { resolve: testResolver })).rejects.toBeInstanceOf(
      RefusedTarget,
    );
    await expect(guardTarget('http://127.0.0.1:8080/', testFetchOptions)).rejects.toBeInstanceOf(
      RefusedTarget,
    );
  });

  it('accepts a public literal address and returns it as the address to connect to', async () => {
    await expect(guardTarget('https://8.8.8.8/', { resolve: testResolver })).resolves.toMatchObject({
      address: '8.8.8.8',
      family: 4,
    });
    await expect(guardTarget('https://[2606:4700::1111]/', { resolve: testResolver })).resolves.toMatchObject(
      {
        address: '2606:4700::1111',
        family: 6,
      },
    );
  });

  it('refuses a name when any one of its addresses is private', async () => {
    await expect(guardTarget('http://mixed.test/', testFetchOptions)).rejects.toThrow(/192\.168\.1\.1/);
  });
});
