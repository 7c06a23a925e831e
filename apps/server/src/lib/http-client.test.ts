import http from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpFailure, httpExchange } from './http-client.ts';

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };

describe('httpExchange', () => {
  const seen: Seen[] = [];
  let base = '';
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      if (req.url === '/silent') return; // never answers
      if (req.url === '/cut') {
        res.writeHead(200, { 'content-length': '1000' });
        res.write('partial');
        setTimeout(() => res.socket?.destroy(), 20);
        return;
      }
      if (req.url === '/moved') {
        res.writeHead(302, { location: '/secret' });
        res.end();
        return;
      }
      if (req.url === '/long') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('x'.repeat(100_000));
        return;
      }
      res.writeHead(201, [
        ['content-type', 'application/json'],
        ['x-trace', 'a'],
        ['x-trace', 'b'],
      ]);
      res.end('{"answer":"好"}');
    });
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('POSTs the body with its length and headers, and answers the status, the headers and the text', async () => {
    const answer = await httpExchange(`${base}/pay?x=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sign': 'v1=abc' },
      body: '{"amount":"1.00","name":"张三"}',
      timeoutMs: 2000,
    });
    expect(answer).toEqual({
      status: 201,
      headers: expect.objectContaining({ 'content-type': 'application/json', 'x-trace': 'a, b' }),
      text: '{"answer":"好"}',
    });
    const request = seen.find((s) => s.url === '/pay?x=1')!;
    expect(request.method).toBe('POST');
    expect(request.body).toBe('{"amount":"1.00","name":"张三"}');
    expect(request.headers['content-length']).toBe('33');
    expect(request.headers['x-sign']).toBe('v1=abc');
  });

  it('GETs without a body', async () => {
    const answer = await httpExchange(`${base}/query`, { method: 'GET', timeoutMs: 2000 });
    expect(answer.status).toBe(201);
    const request = seen.find((s) => s.url === '/query')!;
    expect(request.method).toBe('GET');
    expect(request.body).toBe('');
    expect(request.headers['content-length']).toBeUndefined();
  });

  it('reads at most maxBytes of the answer', async () => {
    const answer = await httpExchange(`${base}/long`, { method: 'GET', timeoutMs: 2000, maxBytes: 1000 });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('x'.repeat(1000));
  });

  it('does not follow a redirect: the answer is the redirect', async () => {
    const answer = await httpExchange(`${base}/moved`, { method: 'POST', body: '{}', timeoutMs: 2000 });
    expect(answer).toMatchObject({ status: 302, headers: expect.objectContaining({ location: '/secret' }), text: '' });
    expect(seen.some((s) => s.url === '/secret')).toBe(false);
  });

  it("connects through the given dispatcher: its lookup's refusal is the failure, and nothing is sent", async () => {
    const refuse: LookupFunction = (hostname, _options, callback) =>
      callback(Object.assign(new Error(`${hostname} resolves to a private address`), { code: 'EPRIVATE' }), '', 4);
    const agent = new Agent({ connect: { lookup: refuse } });
    try {
      const port = new URL(base).port;
      const failure = await httpExchange(`http://localhost:${port}/refused`, {
        method: 'POST',
        body: '{}',
        timeoutMs: 2000,
        dispatcher: agent,
      }).catch((e: unknown) => e);
      expect(failure).toMatchObject({ name: 'HttpFailure', reason: 'EPRIVATE', message: 'localhost resolves to a private address' });
      expect(seen.some((s) => s.url === '/refused')).toBe(false);
    } finally {
      await agent.close();
    }
  });

  it('gives up after timeoutMs with the reason "timeout"', async () => {
    const started = Date.now();
    const failure = await httpExchange(`${base}/silent`, { method: 'POST', body: '{}', timeoutMs: 300 }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(HttpFailure);
    expect(failure).toMatchObject({ reason: 'timeout', message: 'no answer within 300 ms' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('fails an answer whose connection resets before its end, without waiting for the time limit', async () => {
    const started = Date.now();
    const failure = await httpExchange(`${base}/cut`, { method: 'POST', body: '{}', timeoutMs: 5000 }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ name: 'HttpFailure', reason: 'ECONNRESET' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('rejects a malformed address with an HttpFailure', async () => {
    const failure = await httpExchange('not a url', { method: 'GET', timeoutMs: 2000 }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ name: 'HttpFailure', reason: 'error', message: 'not an address: not a url' });
  });

  it('names the socket error of an address that refuses the connection', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const failure = await httpExchange(`http://127.0.0.1:${port}/`, { method: 'GET', timeoutMs: 2000 }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ name: 'HttpFailure', reason: 'ECONNREFUSED' });
  });
});
