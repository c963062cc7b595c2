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

  it('keeps the connection limits coherent (ADR 0309)', () => {
    expect(loadConfig({})).toMatchObject({
      HTTP_REQUEST_TIMEOUT_MS: 30_000,
      HTTP_HEADERS_TIMEOUT_MS: 10_000,
      HTTP_KEEP_ALIVE_TIMEOUT_MS: 72_000,
      HTTP_IDLE_TIMEOUT_MS: 60_000,
    });
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '5000' })).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS=undefined: is 10000: must be at most HTTP_REQUEST_TIMEOUT_MS \(5000\)/,
    );
    expect(() => loadConfig({ HTTP_IDLE_TIMEOUT_MS: '30000' })).toThrow(/HTTP_IDLE_TIMEOUT_MS="30000": must exceed/);
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
