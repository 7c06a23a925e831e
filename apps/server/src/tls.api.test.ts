import { readFileSync } from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { ConfigError, loadConfig } from './config.ts';

/** The server with a certificate of its own: HTTPS on its port, HTTP/2 or HTTP/1.1 as the client offers (decision 0050). */

const CERT = path.resolve(import.meta.dirname, '../test/tls/localhost.cert.pem');
const KEY = path.resolve(import.meta.dirname, '../test/tls/localhost.key.pem');
const ca = readFileSync(CERT);

describe('HTTPS with TLS_CERT_FILE and TLS_KEY_FILE', () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await createTestApp({}, { TLS_CERT_FILE: CERT, TLS_KEY_FILE: KEY });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `https://localhost:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('answers a browser that offers HTTP/2 over one connection, with the same replies', async () => {
    const session = http2.connect(origin, { ca });
    try {
      const get = (p: string) =>
        new Promise<{ status: number; headers: http2.IncomingHttpHeaders; body: string }>((resolve, reject) => {
          const req = session.request({ ':path': p, 'accept-language': 'en' });
          let body = '';
          let headers: http2.IncomingHttpHeaders = {};
          req.setEncoding('utf8');
          req.on('response', (h) => {
            headers = h;
          });
          req.on('data', (chunk: string) => {
            body += chunk;
          });
          req.on('end', () => resolve({ status: Number(headers[':status']), headers, body }));
          req.on('error', reject);
          req.end();
        });
      const [health, numbers] = await Promise.all([get('/healthz'), get('/api/shop/numberList?page=1&pageSize=2')]);
      expect(health.status).toBe(200);
      expect(numbers.status).toBe(200);
      expect(numbers.headers['content-type']).toBe('application/json; charset=utf-8');
      const reply = JSON.parse(numbers.body) as { code: number; data: { list: unknown[] } };
      expect(reply.code).toBe(0);
      expect(reply.data.list).toHaveLength(2);
      // The security headers go out on HTTP/2 as on HTTP/1.1.
      expect(numbers.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      session.close();
    }
  });

  it('answers a client that speaks only HTTP/1.1 over TLS', async () => {
    const { status, version, body } = await new Promise<{ status: number; version: string; body: string }>((resolve, reject) => {
      https
        .get(`${origin}/healthz`, { ca }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, version: res.httpVersion, body: text }));
        })
        .on('error', reject);
    });
    expect(status).toBe(200);
    expect(version).toBe('1.1');
    expect(JSON.parse(body)).toMatchObject({ status: 'ok' });
  });
});

describe('TLS settings', () => {
  it('a certificate without its key is refused at start, naming the missing setting', () => {
    expect(() => loadConfig({ TLS_CERT_FILE: CERT })).toThrow(new ConfigError('Invalid configuration: TLS_KEY_FILE: must be set'));
  });

  it('a file that is not PEM is refused at start, naming it', () => {
    const notPem = path.resolve(import.meta.dirname, '../test/tls/README.md');
    expect(() => loadConfig({ TLS_CERT_FILE: CERT, TLS_KEY_FILE: notPem })).toThrow(
      new ConfigError(`Invalid configuration: TLS_KEY_FILE: ${notPem} is not a PEM key`),
    );
  });

  it('without either, the server speaks plain HTTP', () => {
    expect(loadConfig({}).tls).toBeNull();
  });
});
