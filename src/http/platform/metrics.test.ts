import { io as connect } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import type { LiveServer } from '../../testing/live-server';
import { startLiveServer } from '../../testing/live-server';
import type { TestApp } from '../../testing/test-app';
import { testAppPerTest } from '../../testing/test-app';
import { registerUser, registration, sendJson } from '../../testing/user-session';

const testApp = testAppPerTest();

const FAMILIES = [
  'bidhome_http_request_duration_seconds',
  'bidhome_commands_total',
  'bidhome_event_store_append_duration_seconds',
  'bidhome_log_head_position',
  'bidhome_projection_position',
  'bidhome_projection_lag_seconds',
  'bidhome_projection_caught_up',
  'bidhome_projection_subscription_state',
  'bidhome_sockets_connected',
];

async function scrape(t: TestApp): Promise<string> {
  const res = await t.app.request('/metrics');
  expect(res.status).toBe(200);
  return res.text();
}

/** The value of one sample, e.g. sample(text, 'bidhome_commands_total{outcome="ok"}'); undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('answers the Prometheus text format with every metric family', async () => {
    const t = await testApp();
    const res = await t.app.request('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await res.text();
    for (const family of FAMILIES) expect(text, family).toContain(`# TYPE ${family} `);
  });

  it('answers only the bearer token when METRICS_TOKEN is set', async () => {
    const token = 'metrics-token-0123456789abcdef';
    const t = await testApp({ metricsToken: token });
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcdef', `Basic ${token}`, `Bearer ${token}x`, 'Bearer ']) {
      const res = await t.app.request('/metrics', { headers: authorization ? { authorization } : {} });
      expect(res.status, String(authorization)).toBe(401);
      expect(res.headers.get('www-authenticate')).toContain('Bearer');
      expect(await res.text()).not.toContain('bidhome_');
    }
    const res = await t.app.request('/metrics', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('# TYPE bidhome_sockets_connected ');
  });

  it('counts command outcomes: a registration is ok, a taken username is refused', async () => {
    const t = await testApp();
    const before = await scrape(t);
    expect(sample(before, 'bidhome_commands_total{outcome="ok"}')).toBe(0);
    expect(sample(before, 'bidhome_commands_total{outcome="refused"}')).toBe(0);
    const { input } = await registerUser(t.app);
    const taken = await sendJson(t.app, 'POST', '/api/register', registration({ username: input.username }));
    expect(taken.status).toBe(409);
    const after = await scrape(t);
    expect(sample(after, 'bidhome_commands_total{outcome="ok"}')).toBeGreaterThan(0);
    expect(sample(after, 'bidhome_commands_total{outcome="refused"}')).toBe(1);
    expect(sample(after, 'bidhome_event_store_append_duration_seconds_count{outcome="ok"}')).toBeGreaterThan(0);
  });

  it('labels request latency with the route pattern, never the raw path', async () => {
    const t = await testApp();
    const { cookie } = await registerUser(t.app, { role: 'realtor' });
    const id = crypto.randomUUID();
    expect((await sendJson(t.app, 'GET', `/api/properties/${id}`, undefined, cookie)).status).toBe(404);
    expect((await sendJson(t.app, 'GET', `/api/no-such/${id}`)).status).toBe(404);
    const text = await scrape(t);
    expect(sample(text, 'bidhome_http_request_duration_seconds_count{method="GET",route="/api/properties/:id",status="404"}')).toBe(1);
    expect(sample(text, 'bidhome_http_request_duration_seconds_count{method="POST",route="/api/register",status="201"}')).toBe(1);
    expect(sample(text, 'bidhome_http_request_duration_seconds_count{method="GET",route="/api/*",status="404"}')).toBe(1);
    expect(text).not.toContain(id);
  });

  it('reports each projection caught up at the head of the log, and the subscription live', async () => {
    const t = await testApp();
    await registerUser(t.app);
    const text = await scrape(t);
    const head = sample(text, 'bidhome_log_head_position');
    expect(head).toBeGreaterThan(0);
    const statuses = await t.runner.status();
    expect(statuses.length).toBeGreaterThan(0);
    for (const { name } of statuses) {
      expect(sample(text, `bidhome_projection_position{projection="${name}"}`), name).toBe(head);
      expect(sample(text, `bidhome_projection_caught_up{projection="${name}"}`), name).toBe(1);
      expect(sample(text, `bidhome_projection_lag_seconds{projection="${name}"}`), name).toBe(0);
    }
    expect(sample(text, 'bidhome_projection_subscription_state{state="live"}')).toBe(1);
    expect(sample(text, 'bidhome_projection_subscription_state{state="failed"}')).toBe(0);
  });

  it('apps in one process keep their own counts', async () => {
    const one = await testApp();
    const two = await testApp();
    await registerUser(one.app);
    expect(sample(await scrape(two), 'bidhome_commands_total{outcome="ok"}')).toBe(0);
  });
});

describe('the request log line', () => {
  it('carries the log position of the command the request ran', async () => {
    const t = await testApp();
    await registerUser(t.app);
    const line = t.logger.lines.find((l) => l.msg === 'request' && l.path === '/api/register');
    const head = await t.deps.eventStore.headPosition();
    expect(line?.position).toBe(head);
  });
});

describe('sockets connected', () => {
  it('counts this node’s open sockets', async () => {
    const live: LiveServer = await startLiveServer();
    try {
      const { cookie } = await live.seedUser('homeowner');
      await live.seen(undefined);
      const socket = connect(live.url, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false, forceNew: true });
      try {
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
        const text = await (await fetch(`${live.url}/metrics`)).text();
        expect(sample(text, 'bidhome_sockets_connected')).toBe(1);
      } finally {
        socket.disconnect();
      }
      await live.until(async () => sample(await (await fetch(`${live.url}/metrics`)).text(), 'bidhome_sockets_connected') === 0);
    } finally {
      await live.stop();
    }
  });
});
