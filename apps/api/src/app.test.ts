/// <reference types="vite/client" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '@helder/shared/http';
import { compileSerializer } from './http/serializer';
import { createTestApp, type TestApp } from './test/app';

/**
 * The shared modules whose `*Contract` exports must all have a route. Add a feature's module
 * here when its routes land.
 */
// Every feature's contract file in shared, found by name so that a new feature is covered too.
const CONTRACT_MODULES = import.meta.glob<Record<string, unknown>>(
  '../../../packages/shared/src/*/*.contract.ts',
);

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' &&
  value !== null &&
  'method' in value &&
  'path' in value &&
  'response' in value;

async function contractEndpoints() {
  const found: Array<{ name: string; endpoint: Endpoint }> = [];
  for (const load of Object.values(CONTRACT_MODULES)) {
    for (const [exportName, contract] of Object.entries(await load())) {
      if (!exportName.endsWith('Contract') || typeof contract !== 'object' || !contract) continue;
      for (const [key, endpoint] of Object.entries(contract)) {
        if (isEndpoint(endpoint)) found.push({ name: `${exportName}.${key}`, endpoint });
      }
    }
  }
  return found;
}

const aString: unknown = expect.any(String);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the app', () => {
  it('has a route for every endpoint of every contract', async () => {
    const endpoints = await contractEndpoints();
    expect(endpoints.length).toBeGreaterThan(25);
    const missing = endpoints
      .filter(
        ({ endpoint }) =>
          !t.app.endpoints.has(endpoint) ||
          !t.app.hasRoute({ method: endpoint.method, url: `/api${endpoint.path}` }),
      )
      .map(({ name, endpoint }) => `${name}: ${endpoint.method} /api${endpoint.path}`);
    expect(missing).toEqual([]);
  });

  it('compiles every endpoint’s response schema into its serializer', async () => {
    const failing = (await contractEndpoints()).flatMap(({ name, endpoint }) => {
      try {
        compileSerializer(endpoint.response);
        return [];
      } catch (error) {
        return [`${name}: ${(error as Error).message}`];
      }
    });
    expect(failing).toEqual([]);
  });

  it('answers /api/health with 200', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('sends the API’s security headers with every API answer, errors included', async () => {
    for (const url of ['/api/health', '/api/does-not-exist', '/api/users?limit=0', '/api/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['strict-transport-security'], url).toMatch(/^max-age=\d+/);
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      // Headers only a page can use are not sent with JSON.
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it("lets the bank's consent window keep its opener on the pages it passes", async () => {
    for (const url of [
      '/transactions/bankconnections/add-bank?step=3&message=success',
      '/transactions/bankaccounts/add-bank',
      '/sandbox-bank/psd2/start/x/y',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['cross-origin-opener-policy'], url).toBe('unsafe-none');
      expect(String(res.headers['content-security-policy']), url).toContain(
        "frame-ancestors 'none'",
      );
    }
    const other = await t.app.inject({ method: 'GET', url: '/transactions/bankconnections' });
    expect(other.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it('sends the document security headers with pages, the API docs included', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/favicon.ico']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).not.toContain('upgrade-insecure-requests');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin-allow-popups');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['strict-transport-security'], url).toMatch(/^max-age=\d+/);
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/does-not-exist'],
      ['POST', '/api/auth/nope'],
      ['DELETE', '/api/health'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ detail: 'Not found', code: 'NOT_FOUND' });
    }
  });

  it('answers malformed JSON with 400 and a code, never a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', detail: aString });
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { 'content-type': 'application/xml' },
      payload: '<email/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('publishes an OpenAPI document at /api/docs/json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      openapi: string;
      info: { title: string; version: string };
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info).toMatchObject({ title: 'Helder API', version: aString });
    const loginOp = doc.paths['/api/auth/jwt/login']?.post;
    expect(loginOp?.responses).toHaveProperty('200');
    expect(doc.paths['/api/auth/forgot-password']?.post?.responses).toHaveProperty('202');
    // Every operation documents at least one response; hidden routes stay out.
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        expect(Object.keys(op.responses ?? {}), `${method} ${path}`).not.toHaveLength(0);
      }
    }
    expect(doc.paths).not.toHaveProperty('/api/health');
  });
});
