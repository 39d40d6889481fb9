import { describe, expect, it } from 'vitest';
import { deploymentWarnings, EnvError, loadEnv, SHARED_KEYS_REQUIRED } from './env';

describe('loadEnv', () => {
  it('runs on the embedded defaults with no environment at all', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './data', RATE_LIMITS: 'on', publicUrl: 'http://localhost:3000' });
    expect(env.EVENTSTORE_URL).toBeUndefined();
    expect(env.MONGODB_URL).toBeUndefined();
  });

  it('treats empty variables as unset and trims a trailing slash from PUBLIC_URL', () => {
    const env = loadEnv({ PORT: '', MONGODB_URL: '', PUBLIC_URL: 'https://bids.example.com/' });
    expect(env.PORT).toBe(3000);
    expect(env.MONGODB_URL).toBeUndefined();
    expect(env.publicUrl).toBe('https://bids.example.com');
  });

  it('accepts every variable of the contract', () => {
    const env = loadEnv({
      PORT: '8080',
      DATA_DIR: '/var/lib/app',
      PUBLIC_URL: 'https://bids.example.com',
      SESSION_SECRET: 'x'.repeat(32),
      ADMIN_USERNAME: 'root_admin',
      ADMIN_PASSWORD: 'Sup3rSecret!',
      ADMIN_EMAIL: 'admin@example.com',
      SUPPORT_EMAIL: 'support@example.com',
      EVENTSTORE_URL: 'kurrentdb://localhost:2113?tls=false',
      MONGODB_URL: 'mongodb://localhost:27017/?replicaSet=rs0',
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_123',
      POSTMARK_SERVER_TOKEN: 'token',
      MAIL_FROM: 'Bids <hello@example.com>',
      S3_BUCKET: 'bids-uploads',
      S3_REGION: 'eu-west-1',
      S3_ENDPOINT: 'http://localhost:4569',
      S3_PUBLIC_ENDPOINT: 'https://files.example.com',
      EVENTSTORE_STREAM_PREFIX: 'bidhome-',
      RATE_LIMITS: 'off',
    });
    expect(env.PORT).toBe(8080);
    expect(env.S3_PUBLIC_ENDPOINT).toBe('https://files.example.com');
    expect(env.EVENTSTORE_STREAM_PREFIX).toBe('bidhome-');
    expect(env.RATE_LIMITS).toBe('off');
  });

  it('stops with one line per bad variable, never echoing a secret', () => {
    let error: unknown;
    try {
      loadEnv({ PORT: 'eighty', RATE_LIMITS: 'maybe', MONGODB_URL: 'postgres://x', SESSION_SECRET: 'short' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const lines = (error as EnvError).lines;
    expect(lines).toHaveLength(4);
    expect(lines).toContain('PORT: must be a whole number from 0 to 65535 (got "eighty")');
    expect(lines).toContain('RATE_LIMITS: must be on or off (got "maybe")');
    expect(lines.find((l) => l.startsWith('MONGODB_URL:'))).toContain('mongodb://');
    expect(lines.find((l) => l.startsWith('SESSION_SECRET:'))).not.toContain('short');
  });

  it('takes an optional SUPPORT_EMAIL for contact-form mail, and refuses one that is not an address', () => {
    expect(loadEnv({}).SUPPORT_EMAIL).toBeUndefined();
    expect(loadEnv({ SUPPORT_EMAIL: '' }).SUPPORT_EMAIL).toBeUndefined();
    expect(loadEnv({ SUPPORT_EMAIL: 'support@example.com' }).SUPPORT_EMAIL).toBe('support@example.com');
    expect(() => loadEnv({ SUPPORT_EMAIL: 'support' })).toThrow('SUPPORT_EMAIL: must be an email address (got "support")');
  });

  it('refuses a Postmark token without MAIL_FROM', () => {
    expect(() => loadEnv({ POSTMARK_SERVER_TOKEN: 'token' })).toThrow('MAIL_FROM: is required when POSTMARK_SERVER_TOKEN is set');
    expect(loadEnv({ POSTMARK_SERVER_TOKEN: 'token', MAIL_FROM: 'hello@example.com' }).MAIL_FROM).toBe('hello@example.com');
  });

  it('takes the Stripe keys in pairs of one mode, else payments are simulated', () => {
    expect(loadEnv({}).STRIPE_SECRET_KEY).toBeUndefined();
    expect(() => loadEnv({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow('STRIPE_PUBLISHABLE_KEY: is required when STRIPE_SECRET_KEY is set');
    expect(() => loadEnv({ STRIPE_PUBLISHABLE_KEY: 'pk_test_1' })).toThrow('STRIPE_SECRET_KEY: is required when STRIPE_PUBLISHABLE_KEY is set');
    expect(() => loadEnv({ STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' })).toThrow('must be of the same mode (test or live)');
    expect(loadEnv({ STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_PUBLISHABLE_KEY: 'pk_live_1' }).STRIPE_SECRET_KEY).toBe('sk_live_1');
    expect(() => loadEnv({ STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow('STRIPE_WEBHOOK_SECRET: must start with whsec_');
  });

  it('requires SESSION_SECRET once the engines are shared, since a generated secret differs per node', () => {
    const secret = 'x'.repeat(32);
    const message = 'SESSION_SECRET: is required when EVENTSTORE_URL or MONGODB_URL is set';
    expect(() => loadEnv({ EVENTSTORE_URL: 'kurrentdb://localhost:2113?tls=false' })).toThrow(message);
    expect(() => loadEnv({ MONGODB_URL: 'mongodb://localhost:27017/bidhome' })).toThrow(message);
    expect(() => loadEnv({ MONGODB_URL: 'mongodb://localhost:27017/bidhome', SESSION_SECRET: '' })).toThrow(message);
    expect(loadEnv({ MONGODB_URL: 'mongodb://localhost:27017/bidhome', SESSION_SECRET: secret }).SESSION_SECRET).toBe(secret);
    expect(loadEnv({}).SESSION_SECRET).toBeUndefined();
  });

  it('refuses a KurrentDB log without MongoDB in one line: the personal-data keys must be shared by every node', () => {
    const secret = 'x'.repeat(32);
    let error: unknown;
    try {
      loadEnv({ EVENTSTORE_URL: 'kurrentdb://localhost:2113?tls=false', SESSION_SECRET: secret });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    expect((error as EnvError).lines).toEqual([SHARED_KEYS_REQUIRED]);
    expect(SHARED_KEYS_REQUIRED).toMatch(/^MONGODB_URL: is required when EVENTSTORE_URL is set/);
    expect(loadEnv({ EVENTSTORE_URL: 'kurrentdb://localhost:2113?tls=false', MONGODB_URL: 'mongodb://db/bidhome', SESSION_SECRET: secret }).MONGODB_URL).toBe('mongodb://db/bidhome');
  });

  it('takes a stream-name prefix and a public S3 endpoint, refusing malformed ones', () => {
    expect(loadEnv({}).EVENTSTORE_STREAM_PREFIX).toBeUndefined();
    expect(() => loadEnv({ EVENTSTORE_STREAM_PREFIX: '$system' })).toThrow('EVENTSTORE_STREAM_PREFIX: must be 1 to 50 letters, digits, ., _ or -, starting with a letter or digit (got "$system")');
    expect(() => loadEnv({ S3_PUBLIC_ENDPOINT: 'files.example.com' })).toThrow('S3_PUBLIC_ENDPOINT: must be an http(s) URL (got "files.example.com")');
  });

  it('warns that uploads stay on one node when the engines are shared and S3 is not set', () => {
    const secret = 'x'.repeat(32);
    expect(deploymentWarnings(loadEnv({}))).toEqual([]);
    const [warning, ...rest] = deploymentWarnings(loadEnv({ EVENTSTORE_URL: 'kurrentdb://localhost:2113?tls=false', MONGODB_URL: 'mongodb://db/bidhome', SESSION_SECRET: secret }));
    expect(warning).toContain("Uploads stay on this node's disk");
    expect(rest).toEqual([]);
    expect(deploymentWarnings(loadEnv({ MONGODB_URL: 'mongodb://db/bidhome', SESSION_SECRET: secret, S3_BUCKET: 'bids-uploads' }))).toEqual([]);
  });
});

describe('WEB_CONCURRENCY', () => {
  it('is how many app processes serve the one port, 1 by default', () => {
    expect(loadEnv({}).WEB_CONCURRENCY).toBe(1);
    expect(loadEnv({ WEB_CONCURRENCY: '' }).WEB_CONCURRENCY).toBe(1);
    expect(loadEnv({ WEB_CONCURRENCY: '4' }).WEB_CONCURRENCY).toBe(4);
    const message = 'must be the number of app processes, a whole number from 1 to 64';
    expect(() => loadEnv({ WEB_CONCURRENCY: '0' })).toThrow(`WEB_CONCURRENCY: ${message} (got "0")`);
    expect(() => loadEnv({ WEB_CONCURRENCY: '65' })).toThrow(`WEB_CONCURRENCY: ${message} (got "65")`);
    expect(() => loadEnv({ WEB_CONCURRENCY: 'auto' })).toThrow(`WEB_CONCURRENCY: ${message} (got "auto")`);
  });
});

describe('TRUST_PROXY', () => {
  it('is the number of proxies in front of the app, 0 (the TCP peer) by default', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(0);
    expect(loadEnv({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(0);
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    const message = 'must be the number of proxies in front of the app, a whole number from 0 to 10';
    expect(() => loadEnv({ TRUST_PROXY: 'true' })).toThrow(`TRUST_PROXY: ${message} (got "true")`);
    expect(() => loadEnv({ TRUST_PROXY: '11' })).toThrow(`TRUST_PROXY: ${message} (got "11")`);
    expect(() => loadEnv({ TRUST_PROXY: '-1' })).toThrow(`TRUST_PROXY: ${message} (got "-1")`);
  });
});
