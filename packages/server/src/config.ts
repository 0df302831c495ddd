import path from 'node:path';
import { adminLimits } from '@plaza/contract';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { DEFAULT_PIPELINES } from './db/client';
import { DEFAULT_PREPARED_STATEMENTS } from './db/prepared-statements';
import { serverRoot } from './paths';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** A DNS host name: dot-separated labels of letters, digits and inner hyphens, not all digits. */
const hostnamePattern =
  /^(?=.{1,253}$)(?!\d+(\.\d+)*$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** True for a host name that a URL keeps as it is (so `0x7f.1`, an IPv4 form, is refused). */
function isHostname(name: string): boolean {
  if (!hostnamePattern.test(name)) return false;
  try {
    return new URL(`http://${name}/`).hostname === name;
  } catch {
    return false;
  }
}

/** An IPv4 literal in dotted-quad form or an IPv6 literal (brackets allowed), canonical; else null. */
function addressLiteral(text: string): string | null {
  const bare = text.replace(/^\[(.*)\]$/, '$1');
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return ipaddr.IPv4.parse(bare).toString();
  if (bare.includes(':') && ipaddr.IPv6.isValid(bare)) return ipaddr.IPv6.parse(bare).toString();
  return null;
}

/**
 * `LINK_PREVIEW_HOSTS`: comma-separated `name=address` pairs, e.g.
 * `wiki.intranet.example=10.0.0.5,news.example=[fd00::7]`. Names are lower-cased; each at most once.
 */
const linkPreviewHostsSchema = z.string().transform((text, ctx) => {
  const hosts = new Map<string, string>();
  for (const entry of text.split(',')) {
    const [rawName = '', rawAddress, ...rest] = entry.trim().split('=');
    const name = rawName.trim().toLowerCase().replace(/\.$/, '');
    const address = addressLiteral(rawAddress?.trim() ?? '');
    const fail = (message: string) =>
      ctx.addIssue({ code: 'custom', message: `${message}: "${entry.trim()}"` });
    if (rawAddress === undefined || rest.length > 0) fail('expected name=address');
    else if (!isHostname(name)) fail('not a host name');
    else if (address === null) fail('not an IPv4 or IPv6 address');
    else if (hosts.has(name)) fail('host listed twice');
    else hosts.set(name, address);
  }
  return hosts as ReadonlyMap<string, string>;
});

/**
 * `TRUSTED_PROXIES`: comma-separated addresses or CIDR ranges of the reverse proxies, e.g.
 * `10.0.0.2,fd00::/64`; canonical, for Fastify's `trustProxy`.
 */
const trustedProxiesSchema = z.string().transform((text, ctx) => {
  const proxies: string[] = [];
  for (const entry of text.split(',').map((part) => part.trim())) {
    const [address = '', bits, ...rest] = entry.split('/');
    const literal = addressLiteral(address);
    const kind = literal === null ? null : ipaddr.parse(literal).kind();
    const maxBits = kind === 'ipv4' ? 32 : 128;
    const prefix = bits === undefined ? null : Number(bits);
    const validPrefix = prefix === null || (/^\d{1,3}$/.test(bits!) && prefix <= maxBits);
    if (literal === null || rest.length > 0 || !validPrefix) {
      ctx.addIssue({ code: 'custom', message: `not an address or CIDR range: "${entry}"` });
    } else proxies.push(prefix === null ? literal : `${literal}/${prefix}`);
  }
  return proxies;
});

/** Where uploads are kept: the folder `DATA_DIR/uploads`, or an S3-compatible bucket (`STORAGE_URL`). */
export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      /** `http(s)://host[:port]` of the S3 API. */
      endpoint: string;
      bucket: string;
      region: string;
      /** Bucket in the path (`host/bucket/key`, most self-hosted stores) instead of the host name. */
      forcePathStyle: boolean;
      /** Null: the SDK's default credentials (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, a role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | null;
    };

const storageUrlFormat =
  'expected s3://ACCESS_KEY:SECRET_KEY@host[:port]/bucket[?region=us-east-1&forcePathStyle=true&tls=false]';
const storageUrlOptions = new Set(['region', 'forcePathStyle', 'tls']);

/**
 * `STORAGE_URL`: `s3://ACCESS_KEY:SECRET_KEY@host[:port]/bucket?region=eu-central-1&forcePathStyle=true&tls=false`
 * (key and secret URL-encoded, or both left out for the SDK's default credentials; `region` default
 * `us-east-1`, `forcePathStyle` and `tls` `true`/`false`, default `false` and `true`). The messages never
 * repeat the URL, which holds a secret.
 */
const storageUrlSchema = z.string().transform((text, ctx): StorageConfig => {
  const fail = (message: string) => {
    ctx.addIssue({ code: 'custom', message: `${message}; ${storageUrlFormat}` });
    return z.NEVER;
  };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail('not a URL');
  }
  if (url.protocol !== 's3:') return fail('the scheme must be s3://');
  if (!url.hostname) return fail('no host');
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return null;
    }
  };
  const bucket = url.pathname.replace(/^\/|\/$/g, '');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) return fail('no bucket name (3-63 of a-z 0-9 . -)');
  if (Boolean(url.username) !== Boolean(url.password))
    return fail('give both the access key and the secret, or neither');
  for (const name of url.searchParams.keys()) {
    if (!storageUrlOptions.has(name)) return fail(`unknown option "${name}"`);
  }
  const flag = (name: string, fallback: boolean) => {
    const value = url.searchParams.get(name);
    if (value === null) return fallback;
    if (value !== 'true' && value !== 'false') return fail(`${name} must be true or false`);
    return value === 'true';
  };
  const region = url.searchParams.get('region') ?? 'us-east-1';
  if (!/^[a-z0-9-]{1,40}$/.test(region)) return fail('region must be a region name like eu-central-1');
  const tls = flag('tls', true);
  const forcePathStyle = flag('forcePathStyle', false);
  const accessKeyId = decode(url.username);
  const secretAccessKey = decode(url.password);
  if (accessKeyId === null || secretAccessKey === null)
    return fail('the access key or secret is badly URL-encoded');
  return {
    kind: 's3',
    endpoint: `${tls ? 'https' : 'http'}://${url.host}`,
    bucket,
    region,
    forcePathStyle,
    credentials: accessKeyId ? { accessKeyId, secretAccessKey } : null,
  };
});

/** Fastify's `trustProxy` for one proxy at any address: only the nearest hop vouches for the next. */
function nearestProxyOnly(_address: string, hop: number): boolean {
  return hop === 0;
}

/**
 * A SEPA creditor identifier (e.g. `DE98ZZZ09999999999`): country, check digits, a business code and the
 * national id, the check digits ISO 7064 mod 97-10 over the national id and the country (the business
 * code does not count).
 */
export function isSepaCreditorId(value: string): boolean {
  const match = /^([A-Z]{2})(\d{2})[A-Z0-9]{3}([A-Z0-9]{1,28})$/.exec(value);
  if (!match) return false;
  const [, country, check, national] = match;
  const digits = `${national}${country}${check}`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1;
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.:-]{1,64}$/, '1 to 64 letters, digits and . _ : - (e.g. plaza-staging:)')
    .default('plaza:'),
  STORAGE_URL: storageUrlSchema.optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().default('Plaza <no-reply@plaza.local>'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  TRUSTED_PROXIES: trustedProxiesSchema.optional(),
  WEB_DIST: z.string().optional(),
  LINK_PREVIEW_HOSTS: linkPreviewHostsSchema.optional(),
  PUSH_HOSTS: linkPreviewHostsSchema.optional(),
  PUSH_PLAIN_HTTP: z.enum(['1', 'true', '0', 'false']).optional(),
  PLAZA_DEMO: z.enum(['1', 'true', '0', 'false']).optional(),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(5000),
  DB_POOL_MAX: z.coerce.number().int().min(1).default(10),
  // About a fifth of a second of the requests one instance serves at 1,000 a second: a garbage collection
  // or a checkpoint stalls that long, and refusing what queued meanwhile turned a short stall into errors
  // (50 refused 425 of 10,000 requests of the bench's mixed workload, which the machine otherwise keeps
  // up with). A lasting overload still fills it within a fraction of a second.
  DB_POOL_QUEUE_MAX: z.coerce.number().int().min(0).default(200),
  DB_PIPELINES: z.coerce.number().int().min(0).default(DEFAULT_PIPELINES),
  DB_PREPARED_STATEMENTS: z.coerce.number().int().min(0).default(DEFAULT_PREPARED_STATEMENTS),
  // A zod check of an answer costs about what writing it does; one in a hundred is noise in the CPU.
  RESPONSE_CHECK_SAMPLE: z.coerce.number().min(0).max(1).default(0.01),
  // Rendering the dashboard on the server costs about 20 ms of CPU a page, on the event loop that answers
  // the API too: above half busy, pages go out for the browser to draw (platform/first-screen.ts).
  FIRST_SCREEN_MAX_LOAD: z.coerce.number().min(0).max(1).default(0.5),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).default(adminLimits.auditRetentionDaysDefault),
  HOUSEKEEPING_TICK_MS: z.coerce
    .number()
    .int()
    .refine((ms) => ms === 0 || ms >= 1000, 'at least 1000 ms, or 0 for no housekeeping on this instance')
    .default(10 * 60_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).default(25_000),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(0),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'a Stripe secret key (sk_test_..., sk_live_...)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'a Stripe webhook secret (whsec_...)')
    .optional(),
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  SEPA_CREDITOR_ID: z
    .string()
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .refine(isSepaCreditorId, 'a SEPA creditor identifier (e.g. DE98ZZZ09999999999)')
    .optional(),
  SHOP_SELLER_NAME: z.string().max(200).optional(),
  SHOP_SELLER_ADDRESS: z.string().max(500).optional(),
  SHOP_VAT_ID: z.string().max(40).optional(),
  SSO_SECRET_KEY: z.string().min(32, 'at least 32 characters').optional(),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,200}$/, '16 to 200 printable ASCII characters, no spaces')
    .optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
});

/** Typed server configuration, read once from the environment. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * Redis (`REDIS_URL`) carries the bus, sessions' and caches' invalidation and rate limits between
   * instances. Several servers on one PostgreSQL need it: one started without it while another server
   * is connected to the database waits for that one to end and otherwise refuses to start
   * (`db/instances.ts`).
   */
  redisUrl: string | undefined;
  /**
   * What the bus's Redis channels start with (`REDIS_PREFIX`, default `plaza:`): deployments sharing one
   * Redis need one each, since pub/sub channels are global (a `/db` number in the URL does not separate them).
   * Every instance of one deployment needs the same.
   */
  redisPrefix: string;
  /** Where uploads are kept (`STORAGE_URL`; unset: the folder `DATA_DIR/uploads`), see `platform/storage`. */
  storage: StorageConfig;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  logLevel: (typeof logLevels)[number];
  /**
   * Whose `X-Forwarded-*` headers count (Fastify's `trustProxy`): `false` nobody's (`TRUST_PROXY` unset);
   * the one proxy in front (`TRUST_PROXY=true`, `nearestProxyOnly`): the client is the address it appended,
   * whatever the client wrote before it; a list (`TRUSTED_PROXIES`) the proxies at those addresses, walked
   * from the nearest until the first address not listed.
   */
  trustProxy: false | typeof nearestProxyOnly | string[];
  secureCookies: boolean;
  /** Folder of the built web app; served with history fallback when it exists. */
  webDist: string;
  /**
   * The share of time the event loop may have been busy lately for the server to render an
   * app page into its HTML (`FIRST_SCREEN_MAX_LOAD`, 0-1): above it the page goes out undrawn.
   */
  firstScreenMaxLoad: number;
  /**
   * Static host map of the link preview fetcher (`LINK_PREVIEW_HOSTS`): a listed name resolves only
   * to its address, which may be private or loopback. Empty: every name goes through DNS and the guard.
   */
  linkPreviewHosts: ReadonlyMap<string, string>;
  /**
   * How pushes reach the browsers' push services: `hosts` a static host map like the link previews'
   * (`PUSH_HOSTS`), `plainHttp` speaks HTTP instead of HTTPS to them (`PUSH_PLAIN_HTTP`, for tests with a
   * local push service only). Every other address goes through DNS and the public-address guard.
   */
  push: { hosts: ReadonlyMap<string, string>; plainHttp: boolean };
  /**
   * Whether an empty database gets the demo content at start (`PLAZA_DEMO`): by default only the
   * embedded PGlite does, never a PostgreSQL server.
   */
  demoContent: boolean;
  /** Days the audit log keeps an entry (`AUDIT_RETENTION_DAYS`); housekeeping removes older ones. */
  auditRetentionDays: number;
  /**
   * How often each instance looks for due housekeeping jobs (`HOUSEKEEPING_TICK_MS`, default 10 minutes,
   * at least 1 s; 0: this instance never looks); each job still runs once per its period across all
   * instances.
   */
  housekeepingTickMs: number;
  /**
   * Shutting down on SIGTERM (a rolling restart, main.ts): for `drainMs` (`SHUTDOWN_DRAIN_MS`, default 0)
   * the instance still serves while `/readyz` answers 503, so a proxy that checks it sends it no more;
   * then it stops listening, finishes what is in flight, closes its sockets with 1012 and exits, after
   * `timeoutMs` at the latest (`SHUTDOWN_TIMEOUT_MS`, default 25 s, the drain included) whatever hangs.
   */
  shutdown: { timeoutMs: number; drainMs: number };
  /**
   * The share of answers compared with their contract schema after they are written (`RESPONSE_CHECK_SAMPLE`,
   * 0 = off); a mismatch is logged with its route and counted (`platform/response-serializer.ts`).
   */
  responseCheckSample: number;
  /**
   * The server's own database limits (PostgreSQL); the CLI and migrations run without them. Statements
   * running longer than `statementTimeoutMs` are cancelled (`DB_STATEMENT_TIMEOUT_MS`, 0 = no limit);
   * the pool holds `poolMax` connections (`DB_POOL_MAX`); once `poolQueueMax` requests wait for one
   * (`DB_POOL_QUEUE_MAX`), further requests are refused at once with 503 instead of queueing. A single
   * statement takes a free pool connection, and only while all are busy goes onto one of the `pipelines`
   * pipelined connections (`DB_PIPELINES`, 0 = none); slow routes never do (`db/pool.ts`). Each
   * connection keeps its `preparedStatements` most recently used statements prepared
   * (`DB_PREPARED_STATEMENTS`, 0 = none), closing the least recently used one past it.
   */
  database: {
    statementTimeoutMs: number;
    poolMax: number;
    poolQueueMax: number;
    pipelines: number;
    preparedStatements: number;
  };
  /**
   * The shop's payment providers beyond the invoice: Stripe Checkout with `STRIPE_SECRET_KEY` and
   * `STRIPE_WEBHOOK_SECRET` (both or neither; `STRIPE_API_URL` points the SDK elsewhere, a local fake in
   * tests), SEPA direct debit with `SEPA_CREDITOR_ID`. `seller` heads the invoices (`SHOP_SELLER_NAME`,
   * default the settings' company name; `SHOP_SELLER_ADDRESS` lines separated by `;`; `SHOP_VAT_ID`).
   */
  payments: {
    stripe: { secretKey: string; webhookSecret: string; apiUrl: URL | null } | null;
    sepaCreditorId: string | null;
    seller: { name: string | null; address: string[]; vatId: string | null };
  };
  /**
   * The key that encrypts the sign-in providers' client secrets (`SSO_SECRET_KEY`, 32 characters or more;
   * every instance needs the same). Unset: a random key kept in `DATA_DIR/sso-secret.key`.
   */
  ssoSecretKey: string | null;
  /** The bearer token `/metrics` asks for (`METRICS_TOKEN`); null: `/metrics` answers 404. */
  metricsToken: string | null;
  /**
   * Where traces go (`OTEL_EXPORTER_OTLP_ENDPOINT`, OTLP over HTTP; the SDK reads the other `OTEL_*`
   * variables itself); null: tracing is off and its packages are never loaded (`platform/tracing.ts`).
   */
  tracingEndpoint: string | null;
}

/** Reads the configuration; throws a readable message naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means unset, as shells and process managers often pass it.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    throw new Error(
      'Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both (Stripe payments) or neither',
    );
  }
  if (e.TRUSTED_PROXIES && e.TRUST_PROXY !== 'true') {
    throw new Error('Invalid configuration:\n  TRUSTED_PROXIES: set TRUST_PROXY=true too');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    storage: e.STORAGE_URL ?? { kind: 'local' },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true' ? (e.TRUSTED_PROXIES ?? nearestProxyOnly) : false,
    secureCookies: publicUrl.startsWith('https://'),
    webDist: path.resolve(e.WEB_DIST ?? path.join(serverRoot, '../web/dist')),
    firstScreenMaxLoad: e.FIRST_SCREEN_MAX_LOAD,
    linkPreviewHosts: e.LINK_PREVIEW_HOSTS ?? new Map(),
    push: {
      hosts: e.PUSH_HOSTS ?? new Map(),
      plainHttp: e.PUSH_PLAIN_HTTP === '1' || e.PUSH_PLAIN_HTTP === 'true',
    },
    demoContent:
      e.PLAZA_DEMO === undefined ? !e.DATABASE_URL : e.PLAZA_DEMO === '1' || e.PLAZA_DEMO === 'true',
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    housekeepingTickMs: e.HOUSEKEEPING_TICK_MS,
    shutdown: { timeoutMs: e.SHUTDOWN_TIMEOUT_MS, drainMs: e.SHUTDOWN_DRAIN_MS },
    responseCheckSample: e.RESPONSE_CHECK_SAMPLE,
    database: {
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      poolMax: e.DB_POOL_MAX,
      poolQueueMax: e.DB_POOL_QUEUE_MAX,
      pipelines: e.DB_PIPELINES,
      preparedStatements: e.DB_PREPARED_STATEMENTS,
    },
    payments: {
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: e.STRIPE_SECRET_KEY,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
              apiUrl: e.STRIPE_API_URL ? new URL(e.STRIPE_API_URL) : null,
            }
          : null,
      sepaCreditorId: e.SEPA_CREDITOR_ID ?? null,
      seller: {
        name: e.SHOP_SELLER_NAME?.trim() || null,
        address: (e.SHOP_SELLER_ADDRESS ?? '')
          .split(';')
          .map((line) => line.trim())
          .filter(Boolean),
        vatId: e.SHOP_VAT_ID?.trim() || null,
      },
    },
    ssoSecretKey: e.SSO_SECRET_KEY ?? null,
    metricsToken: e.METRICS_TOKEN ?? null,
    tracingEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT ?? null,
  };
}
