import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('gives the documented defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      portalPort: 4321,
      calcPort: 3001,
      host: null,
      portalHost: null,
      calcHost: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      mediaExpiredTimeS: 3600,
      responseLayout: 'wrapped',
      rateLimitWindowMs: 60_000,
      rateLimitGeneral: 10,
      rateLimitCalculation: 5,
      databaseUrl: null,
      redisUrl: null,
      contentOrigin: null,
      mediaDir: null,
      corsOrigins: [],
      dependencyTimeoutMs: 2000,
      trustProxy: { kind: 'none' },
      calcTrustedEdges: ['127.0.0.0/8', '::1'],
      requestTimeoutMs: 30_000,
      maxConnections: 10_000,
      maxBodyBytes: 65_536,
      shutdownDrainMs: 10_000,
      signUpLimitPerHour: 5,
      metricsPort: null,
      metricsHost: '127.0.0.1',
      logLevel: 'info',
    });
    expect(config.dataDir).toMatch(/\.data$/);
    expect(config.calcUrl).toBe('http://127.0.0.1:3001');
  });

  it('proxies audio by default, cached under DATA_DIR, from the public upstream of the catalogue', () => {
    const config = loadConfig({ DATA_DIR: '/srv/ira' });
    expect(config).toMatchObject({
      audioMode: 'proxy',
      audioCacheDir: '/srv/ira/audio-cache',
      audioCacheMaxBytes: 2048 * 1024 * 1024,
      audioUpstreamUrl: 'https://everyayah.com/data',
      audioUpstreamTimeoutMs: 10_000,
      audioUpstreamConcurrency: 8,
    });
    const mirror = loadConfig({
      AUDIO_MODE: 'Redirect',
      AUDIO_CACHE_DIR: '/var/cache/ira-audio',
      AUDIO_CACHE_MAX_MB: '0',
      AUDIO_UPSTREAM_URL: 'https://mirror.example/everyayah/',
    });
    expect(mirror).toMatchObject({
      audioMode: 'redirect',
      audioCacheDir: '/var/cache/ira-audio',
      audioCacheMaxBytes: 0,
      audioUpstreamUrl: 'https://mirror.example/everyayah',
    });
  });

  it('reads every setting', () => {
    const config = loadConfig({
      PORT: '8080',
      RESPONSE_LAYOUT: 'FLAT',
      RATE_LIMIT_GENERAL: '100',
      REDIS_URL: 'redis://127.0.0.1:6379',
      DATABASE_URL: 'postgres://postgres@127.0.0.1/test',
      CORS_ORIGINS: 'https://a.example, https://b.example',
      MEDIA_ORIGIN: 'https://cdn.example/',
      MEDIA_DIR: '/tmp',
      TRUST_PROXY: '10.0.0.0/8, ::1',
    });
    expect(config.trustProxy).toEqual({ kind: 'addresses', list: ['10.0.0.0/8', '::1'] });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ kind: 'hops', hops: 2 });
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.responseLayout).toBe('flat');
    expect(config.rateLimitGeneral).toBe(100);
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.mediaOrigin).toBe('https://cdn.example');
    expect(config.mediaDir).toBe('/tmp');
    expect(loadConfig({ HOST: '127.0.0.1', PORTAL_HOST: '::1', CALC_HOST: '*' })).toMatchObject({
      host: '127.0.0.1',
      portalHost: '::1',
      calcHost: null,
    });
    expect(loadConfig({ CALC_HOST: 'calc.internal' }).calcHost).toBe('calc.internal');
  });

  it.each([
    ['PORT', 'abc', /^PORT must be an integer/],
    ['HOST', 'http://0.0.0.0', /^HOST must be an IP address, a host name or \*/],
    ['CALC_HOST', 'two words', /^CALC_HOST must be an IP address/],
    ['PORT', '70000', /^PORT must be an integer from 1 to 65535/],
    ['MEDIA_EXPIRED_TIME', '-5', /^MEDIA_EXPIRED_TIME/],
    ['RESPONSE_LAYOUT', 'nested', /^RESPONSE_LAYOUT must be one of wrapped, flat/],
    ['DATABASE_URL', 'mysql://x', /^DATABASE_URL must be a postgres: or postgresql:/],
    ['REDIS_URL', 'localhost:6379', /^REDIS_URL must be/],
    ['CORS_ORIGINS', 'https://a.example/path', /^CORS_ORIGINS/],
    ['MEDIA_SIGNING_SECRET', 'short', /^MEDIA_SIGNING_SECRET must be at least 32/],
    ['CONTENT_ORIGIN', 'not a url', /^CONTENT_ORIGIN must be an absolute URL/],
    ['MEDIA_DIR', '/nonexistent/media', /^MEDIA_DIR must be an existing directory/],
    ['TRUST_PROXY', 'yes', /^TRUST_PROXY must be a hop count \(e\.g\. 1\) or a comma list of addresses or CIDRs/],
    ['TRUST_PROXY', '11', /^TRUST_PROXY as a hop count must be from 0 to 10/],
    ['CALC_TRUSTED_EDGES', '10.0.0.0/8,edge', /^CALC_TRUSTED_EDGES must be a comma list of addresses or CIDRs/],
    ['CALC_URL', 'ftp://calc.internal', /^CALC_URL must be an http:\/\/ or https:\/\/ URL/],
    ['METRICS_PORT', '0', /^METRICS_PORT must be an integer from 1 to 65535/],
    ['LOG_LEVEL', 'loud', /^LOG_LEVEL must be one of/],
    ['MAX_BODY_BYTES', '-1', /^MAX_BODY_BYTES must be an integer/],
    ['DEPENDENCY_TIMEOUT_MS', '10', /^DEPENDENCY_TIMEOUT_MS must be an integer from 50 to 60000/],
    ['AUDIO_MODE', 'cache', /^AUDIO_MODE must be one of proxy, redirect/],
    ['AUDIO_UPSTREAM_URL', 'ftp://mirror.example/', /^AUDIO_UPSTREAM_URL must be an http:\/\/ or https:\/\/ URL/],
    ['AUDIO_UPSTREAM_URL', 'mirror', /^AUDIO_UPSTREAM_URL must be an absolute URL/],
    ['AUDIO_UPSTREAM_TIMEOUT_MS', '5', /^AUDIO_UPSTREAM_TIMEOUT_MS must be an integer from 100 to 600000/],
    ['AUDIO_UPSTREAM_CONCURRENCY', '0', /^AUDIO_UPSTREAM_CONCURRENCY must be an integer from 1 to 256/],
    ['AUDIO_CACHE_MAX_MB', '-1', /^AUDIO_CACHE_MAX_MB must be an integer/],
  ])('rejects %s=%s with one line naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});

describe('PORTAL_KEY_LIMITS (limits of keys created in the portal)', () => {
  it('is unset by default: portal keys get the deployment defaults', () => {
    expect(loadConfig({}).portalKeyLimits).toEqual({ general: null, calculation: null });
  });

  it('reads one or both categories', () => {
    expect(loadConfig({ PORTAL_KEY_LIMITS: 'general=120, calculation=60' }).portalKeyLimits).toEqual({
      general: 120,
      calculation: 60,
    });
    expect(loadConfig({ PORTAL_KEY_LIMITS: 'calculation=30' }).portalKeyLimits).toEqual({
      general: null,
      calculation: 30,
    });
  });

  it.each([
    'general=0',
    'general=lots',
    'general=10,general=20',
    'speed=5',
    'general=10;calculation=5',
    'general=2000000',
  ])('rejects %s with one line naming the variable', (value) => {
    expect(() => loadConfig({ PORTAL_KEY_LIMITS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ PORTAL_KEY_LIMITS: value })).toThrow(
      /^PORTAL_KEY_LIMITS must look like general=120,calculation=60/,
    );
  });
});
