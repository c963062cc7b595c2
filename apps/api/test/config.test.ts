import { ConfigError, loadConfig } from '../src/config/config.js';

describe('loadConfig', () => {
  it('applies the defaults', () => {
    expect(loadConfig({})).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: '.data',
      APP_ENV: 'staging',
      EVENT_STORE: 'sqlite',
      API_PREFIX: '/api',
      LOG_LEVEL: 'info',
      RATE_LIMIT_WRITES_PER_MIN: 120,
      RATE_LIMIT_READS_PER_MIN: 360,
    });
  });

  it('reads and coerces the variables it knows, ignoring the rest and empty ones', () => {
    const config = loadConfig({
      PORT: '8080',
      APP_ENV: 'production',
      CARD_ISSUER: 'sandbox',
      API_PREFIX: '',
      RATE_LIMIT_READS_PER_MIN: '0',
      HOME: '/root',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      APP_ENV: 'production',
      API_PREFIX: '/api',
      RATE_LIMIT_READS_PER_MIN: 0,
    });
    expect(config).not.toHaveProperty('HOME');
  });

  it('refuses a bad value with a message naming the variable', () => {
    expect(() => loadConfig({ APP_ENV: 'prod' })).toThrow(ConfigError);
    expect(() => loadConfig({ APP_ENV: 'prod' })).toThrow(/APP_ENV="prod"/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT="eighty": must be a number/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ API_PREFIX: 'api' })).toThrow(/API_PREFIX="api": must be a path such as \/api/);
    expect(() => loadConfig({ RATE_LIMIT_WRITES_PER_MIN: '-1' })).toThrow(/RATE_LIMIT_WRITES_PER_MIN/);
  });

  it('gives staging the sandbox card issuer and refuses a production that names none', () => {
    expect(loadConfig({}).CARD_ISSUER).toBe('sandbox');
    expect(() => loadConfig({ APP_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ APP_ENV: 'production' })).toThrow(/CARD_ISSUER: no card issuer configured/);
    expect(loadConfig({ APP_ENV: 'production', CARD_ISSUER: 'sandbox' }).CARD_ISSUER).toBe('sandbox');
    expect(() => loadConfig({ CARD_ISSUER: 'stripe' })).toThrow(/CARD_ISSUER="stripe"/);
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({ EVENT_STORE: 'postgres', LOG_LEVEL: 'loud' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect((error as ConfigError).problems.map((problem) => problem.split('=')[0])).toEqual([
        'EVENT_STORE',
        'LOG_LEVEL',
      ]);
    }
  });
});
