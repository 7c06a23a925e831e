import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's metrics (Prometheus, decision 0029). Modules count what happens through this
 * service and never touch prom-client themselves; GET /metrics (the plugin below) serves them to a
 * scraper that holds METRICS_TOKEN. One registry per process: each instance is scraped on its own.
 */
const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'simshop_' });

const httpDuration = new Histogram({
  name: 'simshop_http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status, and how long they took',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});
const payments = new Counter({
  name: 'simshop_payments_total',
  help: 'Payments opened with a provider (created), confirmed paid (paid), and refunds settled (refunded, part refunds too), by pay method',
  labelNames: ['event', 'method'] as const,
  registers: [registry],
});
const purchases = new Counter({
  name: 'simshop_purchases_total',
  help: 'Purchases placed, by what was bought and how it is paid (balance: at once from the balance; online: through a payment)',
  labelNames: ['product', 'pay'] as const,
  registers: [registry],
});
const sms = new Counter({
  name: 'simshop_sms_total',
  help: "SMS messages by outcome: sent (accepted by the provider), failed (refused or unanswered), delivered and undelivered (the gateway's receipts)",
  labelNames: ['outcome'] as const,
  registers: [registry],
});
const deviceCommands = new Counter({
  name: 'simshop_device_commands_total',
  help: 'Commands sent to devices, by kind and outcome (sent, undelivered)',
  labelNames: ['kind', 'outcome'] as const,
  registers: [registry],
});
const jobRuns = new Counter({
  name: 'simshop_job_runs_total',
  help: 'Background job runs, by job and outcome (ok, failed)',
  labelNames: ['job', 'outcome'] as const,
  registers: [registry],
});
const jobDuration = new Histogram({
  name: 'simshop_job_duration_seconds',
  help: 'How long background job runs took',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120],
  registers: [registry],
});

/** Where each queue's depth is read at scrape time (a job's backlog: tasks due or waiting). */
const depthSources = new Map<string, () => Promise<number>>();
new Gauge({
  name: 'simshop_job_queue_depth',
  help: 'Work waiting for a background job (read from the database when scraped)',
  labelNames: ['job'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const [job, read] of depthSources) {
      try {
        this.set({ job }, await read());
      } catch {
        // A queue that cannot be read is left out of this scrape.
      }
    }
  },
});

export type PaymentEvent = 'created' | 'paid' | 'refunded';

export const metrics = {
  /** One HTTP request answered (route: the route's pattern, `unmatched` for none). */
  request(method: string, route: string, status: number, seconds: number): void {
    httpDuration.observe({ method, route, status: String(status) }, seconds);
  },
  payment(event: PaymentEvent, method: string): void {
    payments.inc({ event, method });
  },
  purchase(product: string, pay: 'balance' | 'online'): void {
    purchases.inc({ product, pay });
  },
  sms(outcome: 'sent' | 'failed' | 'delivered' | 'undelivered'): void {
    sms.inc({ outcome });
  },
  deviceCommand(kind: string, outcome: 'sent' | 'undelivered'): void {
    deviceCommands.inc({ kind, outcome });
  },
  jobRun(job: string, outcome: 'ok' | 'failed', seconds: number): void {
    jobRuns.inc({ job, outcome });
    jobDuration.observe({ job }, seconds);
  },
  /** Reads a job's backlog at every scrape; the returned function stops reading it. */
  queueDepth(job: string, read: () => Promise<number>): () => void {
    depthSources.set(job, read);
    return () => {
      if (depthSources.get(job) === read) depthSources.delete(job);
    };
  },
  contentType: registry.contentType,
  text: () => registry.metrics(),
};

const digest = (s: string) => createHash('sha256').update(s).digest();

/** True when the Authorization header is `Bearer <token>` (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m !== null && timingSafeEqual(digest(m[1]!), digest(token));
}

/**
 * Times every request by its route pattern, and serves GET /metrics when METRICS_TOKEN is set
 * (without it the path does not exist: 404). A wrong or missing token gets 401.
 */
export const metricsPlugin = fp(
  async (app, opts: { token: string | undefined }) => {
    app.addHook('onResponse', (req, reply, done) => {
      metrics.request(req.method, req.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
    const token = opts.token;
    if (!token) return;
    app.get('/metrics', { schema: { hide: true }, config: { rateLimit: false } }, async (req, reply) => {
      if (!bearerMatches(req.headers.authorization, token)) {
        return reply.status(401).header('www-authenticate', 'Bearer').type('text/plain; charset=utf-8').send('unauthorized\n');
      }
      return reply
        .header('cache-control', 'no-store')
        .type(metrics.contentType)
        .send(await metrics.text());
    });
  },
  { name: 'metrics' },
);
