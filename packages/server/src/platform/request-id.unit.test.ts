import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { trustsPeer } from './request-id';

const trustOf = (env: NodeJS.ProcessEnv) => trustsPeer(loadConfig(env).trustProxy);

describe('trustsPeer: whose X-Request-Id counts', () => {
  it('nobody’s without TRUST_PROXY', () => {
    const trusted = trustOf({});
    expect(['127.0.0.1', '10.0.0.2', '::1'].map(trusted)).toEqual([false, false, false]);
  });

  it('the one proxy in front, whatever its address, with TRUST_PROXY=true alone', () => {
    const trusted = trustOf({ TRUST_PROXY: 'true' });
    expect(['10.0.0.2', '203.0.113.9', '::1'].map(trusted)).toEqual([true, true, true]);
    expect(trusted(undefined)).toBe(false);
  });

  it.each([
    ['10.0.0.2', true],
    ['::ffff:10.0.0.2', true],
    ['10.0.0.3', false],
    ['192.168.7.200', true],
    ['192.168.8.1', false],
    ['fd00::1:2', true],
    ['fd01::1', false],
    ['not an address', false],
  ])('TRUSTED_PROXIES=10.0.0.2,192.168.7.0/24,fd00::/64: %s is %s', (address, expected) => {
    const trusted = trustOf({ TRUST_PROXY: 'true', TRUSTED_PROXIES: '10.0.0.2,192.168.7.0/24,fd00::/64' });
    expect(trusted(address)).toBe(expected);
  });
});
