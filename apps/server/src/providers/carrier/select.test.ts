import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { carrierFor } from './select.ts';

const account = { CARRIER_BASE_URL: 'https://cmp.example.cn', CARRIER_ACCOUNT: 'shop01', CARRIER_SECRET: 'secret-01' };
const error = (env: NodeJS.ProcessEnv) => {
  try {
    loadConfig(env);
    return undefined;
  } catch (err) {
    return err instanceof ConfigError ? err.message : String(err);
  }
};

describe('the carrier named by CARRIER_PROVIDER', () => {
  it('builds the named adapter from the account settings', () => {
    for (const name of ['onelink', 'unicom', 'telecom'] as const) {
      const config = loadConfig({ CARRIER_PROVIDER: name, ...account, CARRIER_KEY: 'abcdefghi', CARRIER_CALLS_PER_SECOND: '4' });
      expect(config.carrier).toBe(name);
      expect(config.carrierAccount).toEqual({
        baseUrl: 'https://cmp.example.cn',
        account: 'shop01',
        secret: 'secret-01',
        key: 'abcdefghi',
        callsPerSecond: 4,
      });
      const carrier = carrierFor(config.carrier, config.carrierAccount);
      expect(carrier.name).toBe(name);
      expect(carrier.limits.callsPerSecond).toBe(4);
    }
    const unicom = loadConfig({ CARRIER_PROVIDER: 'unicom', ...account, CARRIER_DATA_PLAN: 'CU_DATA', CARRIER_NO_DATA_PLAN: 'CU_OFF' });
    expect(unicom.carrierAccount).toMatchObject({ dataOnPlan: 'CU_DATA', dataOffPlan: 'CU_OFF' });
    expect(carrierFor('simulator', null).name).toBe('simulator');
    expect(loadConfig({}).carrierAccount).toBeNull();
  });

  it('refuses to start a real carrier without its address and credentials, naming each setting', () => {
    expect(error({ CARRIER_PROVIDER: 'onelink' })).toBe(
      'Invalid configuration: CARRIER_BASE_URL: must be set with CARRIER_PROVIDER=onelink; CARRIER_ACCOUNT: must be set with CARRIER_PROVIDER=onelink; CARRIER_SECRET: must be set with CARRIER_PROVIDER=onelink',
    );
    expect(error({ CARRIER_PROVIDER: 'telecom', ...account })).toBe(
      'Invalid configuration: CARRIER_KEY: must be the 9-character key of the account (three parts of 3) with CARRIER_PROVIDER=telecom',
    );
    expect(error({ CARRIER_PROVIDER: 'unicom', ...account, CARRIER_BASE_URL: 'ftp://x' })).toBe(
      'Invalid configuration: CARRIER_BASE_URL: CARRIER_BASE_URL must be an http:// or https:// URL',
    );
  });
});
