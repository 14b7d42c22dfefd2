import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signFileUrl } from '../../lib/file-urls';
import { createTestApp, type TestApp } from '../../test/app';

/** Who may frame a stored file, such as a PDF receipt in a preview (docs/api-rules.md §11). */
describe.each([
  ['without CORS_ORIGINS', undefined, "frame-ancestors 'self'", 'SAMEORIGIN'],
  [
    'with CORS_ORIGINS',
    'https://client.example,http://localhost:3000',
    "frame-ancestors 'self' https://client.example http://localhost:3000",
    undefined,
  ],
])('files %s', (_, corsOrigins, frameAncestors, xFrameOptions) => {
  let t: TestApp;
  const key = 'payments/1/receipt.pdf';
  beforeAll(async () => {
    t = await createTestApp({ env: { CORS_ORIGINS: corsOrigins } });
    await t.storage.put(key, Buffer.from('%PDF-1.4\n'), 'application/pdf');
  });
  afterAll(async () => t?.close());

  it('may be framed by the site and exactly the allowed origins', async () => {
    const url = new URL(signFileUrl(t.config.publicUrl, t.config.secretKey, key, new Date()));
    const res = await t.app.inject({ url: url.pathname + url.search });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp.split('; ')).toContain(frameAncestors);
    expect(csp).toContain("default-src 'none'");
    // X-Frame-Options cannot list origins: with any allowed, it would deny them.
    expect(res.headers['x-frame-options']).toBe(xFrameOptions);
  });

  it('leaves every other API answer unframeable', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});
