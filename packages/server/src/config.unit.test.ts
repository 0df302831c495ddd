import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration: LINK_PREVIEW_HOSTS', () => {
  const hosts = (value: string) => loadConfig({ LINK_PREVIEW_HOSTS: value }).linkPreviewHosts;

  it('is an empty map when unset or empty', () => {
    expect(loadConfig({}).linkPreviewHosts.size).toBe(0);
    expect(hosts('').size).toBe(0);
  });

  it('reads name=address pairs, lower-cases names and writes addresses canonically', () => {
    const map = hosts(' Wiki.Intranet.example=10.0.0.5 , news.test.=[FD00:0::7],intranet=127.0.0.1');
    expect([...map]).toEqual([
      ['wiki.intranet.example', '10.0.0.5'],
      ['news.test', 'fd00::7'],
      ['intranet', '127.0.0.1'],
    ]);
  });

  it.each([
    ['wiki.example', 'expected name=address'],
    ['wiki.example=10.0.0.5=x', 'expected name=address'],
    ['wiki.example=10.0.0.5,', 'expected name=address'],
    ['=10.0.0.5', 'not a host name'],
    ['wiki_example=10.0.0.5', 'not a host name'],
    ['-wiki.example=10.0.0.5', 'not a host name'],
    ['wiki..example=10.0.0.5', 'not a host name'],
    ['127.0.0.1=10.0.0.5', 'not a host name'],
    ['0x7f.1=10.0.0.5', 'not a host name'],
    ['a/b=10.0.0.5', 'not a host name'],
    [`${'a'.repeat(64)}.example=10.0.0.5`, 'not a host name'],
    ['wiki.example=', 'not an IPv4 or IPv6 address'],
    ['wiki.example=10.0.5', 'not an IPv4 or IPv6 address'],
    ['wiki.example=0x7f000001', 'not an IPv4 or IPv6 address'],
    ['wiki.example=other.example', 'not an IPv4 or IPv6 address'],
    ['wiki.example=10.0.0.256', 'not an IPv4 or IPv6 address'],
    ['wiki.example=fd00::zz', 'not an IPv4 or IPv6 address'],
    ['wiki.example=10.0.0.5/8', 'not an IPv4 or IPv6 address'],
    ['wiki.example=10.0.0.5,WIKI.example=10.0.0.6', 'host listed twice'],
  ])('stops the start for %j, naming the variable', (value, message) => {
    expect(() => hosts(value)).toThrow(/Invalid configuration:\n {2}LINK_PREVIEW_HOSTS: /);
    expect(() => hosts(value)).toThrow(message);
  });
});

describe('configuration: TRUST_PROXY and TRUSTED_PROXIES', () => {
  it('trusts no forwarded header by default, the nearest hop alone with TRUST_PROXY=true', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    const nearest = loadConfig({ TRUST_PROXY: 'true' }).trustProxy;
    if (typeof nearest !== 'function') throw new Error('expected a trust function');
    expect([nearest('10.0.0.2', 0), nearest('203.0.113.7', 1)]).toEqual([true, false]);
  });

  it('reads the proxies as canonical addresses and CIDR ranges', () => {
    const config = loadConfig({ TRUST_PROXY: 'true', TRUSTED_PROXIES: ' 10.0.0.2, FD00:0::/64,[::1]' });
    expect(config.trustProxy).toEqual(['10.0.0.2', 'fd00::/64', '::1']);
  });

  it.each([
    '10.0.0',
    '10.0.0.0/33',
    'fd00::/129',
    '10.0.0.0/8/1',
    'proxy.example',
    '10.0.0.1,',
    '10.0.0.0/x',
  ])('refuses %j', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: 'true', TRUSTED_PROXIES: value })).toThrow(
      /TRUSTED_PROXIES: not an address or CIDR range/,
    );
  });

  it('wants TRUST_PROXY=true with TRUSTED_PROXIES', () => {
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.2' })).toThrow(/set TRUST_PROXY=true too/);
  });
});

describe('configuration: database limits', () => {
  it('defaults to a 5 s statement timeout, a pool of 10, a wait queue of 200, 3 pipelined connections and 200 prepared statements', () => {
    expect(loadConfig({}).database).toEqual({
      statementTimeoutMs: 5000,
      poolMax: 10,
      poolQueueMax: 200,
      pipelines: 3,
      preparedStatements: 200,
    });
  });

  it('reads DB_STATEMENT_TIMEOUT_MS (0 = no limit), DB_POOL_MAX, DB_POOL_QUEUE_MAX, DB_PIPELINES and DB_PREPARED_STATEMENTS', () => {
    const env = {
      DB_STATEMENT_TIMEOUT_MS: '0',
      DB_POOL_MAX: '20',
      DB_POOL_QUEUE_MAX: '0',
      DB_PIPELINES: '0',
      DB_PREPARED_STATEMENTS: '50',
    };
    expect(loadConfig(env).database).toEqual({
      statementTimeoutMs: 0,
      poolMax: 20,
      poolQueueMax: 0,
      pipelines: 0,
      preparedStatements: 50,
    });
  });

  it('reads RESPONSE_CHECK_SAMPLE, one answer in a hundred by default, 0 to 1', () => {
    expect(loadConfig({}).responseCheckSample).toBe(0.01);
    expect(loadConfig({ RESPONSE_CHECK_SAMPLE: '0' }).responseCheckSample).toBe(0);
    expect(() => loadConfig({ RESPONSE_CHECK_SAMPLE: '2' })).toThrow(/RESPONSE_CHECK_SAMPLE/);
  });

  it('reads FIRST_SCREEN_MAX_LOAD, half busy by default', () => {
    expect(loadConfig({}).firstScreenMaxLoad).toBe(0.5);
    expect(loadConfig({ FIRST_SCREEN_MAX_LOAD: '1' }).firstScreenMaxLoad).toBe(1);
  });

  it.each([
    ['DB_STATEMENT_TIMEOUT_MS', '-1'],
    ['DB_POOL_MAX', '0'],
    ['DB_POOL_QUEUE_MAX', 'many'],
    ['DB_PREPARED_STATEMENTS', '-1'],
    ['FIRST_SCREEN_MAX_LOAD', '2'],
  ])('stops the start for %s=%j, naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`Invalid configuration:\\n {2}${name}: `));
  });
});

describe('configuration: payments', () => {
  it('offers neither Stripe nor SEPA by default; the seller falls back to the settings', () => {
    expect(loadConfig({}).payments).toEqual({
      stripe: null,
      sepaCreditorId: null,
      seller: { name: null, address: [], vatId: null },
    });
  });

  it('reads Stripe with its API address, the creditor id normalised, and the seller lines', () => {
    const { payments } = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
      SEPA_CREDITOR_ID: 'de98 zzz0 9999 9999 99',
      SHOP_SELLER_NAME: 'Plaza GmbH',
      SHOP_SELLER_ADDRESS: 'Hauptstraße 1; 10115 Berlin ;',
      SHOP_VAT_ID: 'DE123456789',
    });
    expect(payments.stripe).toMatchObject({ secretKey: 'sk_test_abc', webhookSecret: 'whsec_abc' });
    expect(payments.stripe?.apiUrl?.port).toBe('12111');
    expect(payments.sepaCreditorId).toBe('DE98ZZZ09999999999');
    expect(payments.seller).toEqual({
      name: 'Plaza GmbH',
      address: ['Hauptstraße 1', '10115 Berlin'],
      vatId: 'DE123456789',
    });
  });

  it.each([
    ['SEPA_CREDITOR_ID', 'DE99ZZZ09999999999'],
    ['SEPA_CREDITOR_ID', 'ZZZ'],
    ['STRIPE_SECRET_KEY', 'pk_test_abc'],
    ['STRIPE_API_URL', 'ftp://stripe.test'],
  ])('stops the start for %s=%j, naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`Invalid configuration:\\n {2}${name}: `));
  });

  it('wants both Stripe secrets or neither', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/set both/);
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(/set both/);
  });
});

describe('configuration: METRICS_TOKEN and OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('are off when unset or empty', () => {
    for (const env of [{}, { METRICS_TOKEN: '', OTEL_EXPORTER_OTLP_ENDPOINT: '' }]) {
      expect(loadConfig(env)).toMatchObject({ metricsToken: null, tracingEndpoint: null });
    }
  });

  it('take a token of 16 printable characters or more and an http(s) endpoint', () => {
    const config = loadConfig({
      METRICS_TOKEN: 'Zm9vYmFyLWJhei1xdXV4',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
    });
    expect(config).toMatchObject({
      metricsToken: 'Zm9vYmFyLWJhei1xdXV4',
      tracingEndpoint: 'http://collector:4318',
    });
  });

  it.each(['too-short', 'has a space in the middle', 'ümlaut-token-0123456789'])(
    'refuses the token %j',
    (token) => {
      expect(() => loadConfig({ METRICS_TOKEN: token })).toThrow(/METRICS_TOKEN: 16 to 200 printable ASCII/);
    },
  );

  it('refuses an endpoint that is no http(s) URL', () => {
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://collector:4317' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT/,
    );
  });
});

describe('configuration: REDIS_PREFIX and HOUSEKEEPING_TICK_MS', () => {
  it('default to the plaza: channels and a look every 10 minutes', () => {
    expect(loadConfig({})).toMatchObject({ redisPrefix: 'plaza:', housekeepingTickMs: 600_000 });
  });

  it('take a prefix of a deployment of its own and a tick of a second or more', () => {
    const config = loadConfig({ REDIS_PREFIX: 'plaza-staging:', HOUSEKEEPING_TICK_MS: '1000' });
    expect(config).toMatchObject({ redisPrefix: 'plaza-staging:', housekeepingTickMs: 1000 });
  });

  it('takes a tick of 0: an instance that never looks for due housekeeping jobs', () => {
    expect(loadConfig({ HOUSEKEEPING_TICK_MS: '0' })).toMatchObject({ housekeepingTickMs: 0 });
  });

  it.each([
    ['REDIS_PREFIX', 'has space'],
    ['REDIS_PREFIX', 'x'.repeat(65)],
    ['HOUSEKEEPING_TICK_MS', '999'],
    ['HOUSEKEEPING_TICK_MS', '-1'],
  ])('refuses %s=%j', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}: `));
  });
});
