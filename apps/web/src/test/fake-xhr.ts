/**
 * XMLHttpRequest for web tests, on top of the (mocked) global fetch: uploads that report their
 * progress (`uploadApi`) reach the same `fakeApi` table and are recorded like fetch calls.
 *
 *   fakeApi({ 'POST /api/user/:userId/statement-imports': () => jsonResponse(200, preview) });
 *   const upload = fakeXhr({ hold: true });
 *   … the upload reports half its bytes and waits …
 *   upload.release();
 *
 * `hold` keeps every upload at 50 % until `release()`; without it uploads finish at once.
 */
import { vi } from 'vitest';

interface ProgressLike {
  loaded: number;
  total: number;
  lengthComputable: boolean;
}

function sizeOf(body: unknown): number {
  if (!(body instanceof FormData)) return typeof body === 'string' ? body.length : 0;
  let size = 0;
  for (const [, value] of body.entries())
    size += typeof value === 'string' ? value.length : value.size;
  return size;
}

export function fakeXhr({ hold = false }: { hold?: boolean } = {}) {
  let release: () => void = () => undefined;
  const gate = hold
    ? new Promise<void>((resolve) => {
        release = resolve;
      })
    : Promise.resolve();

  class FakeXMLHttpRequest {
    readonly upload: { onprogress: ((event: ProgressLike) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    /** After load, error or abort, as a browser's. */
    onloadend: (() => void) | null = null;
    status = 0;
    statusText = '';
    responseText = '';
    private method = 'GET';
    private url = '';
    private readonly headers = new Headers();
    private aborted = false;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers.set(name, value);
    }

    abort() {
      this.aborted = true;
      this.onabort?.();
      this.onloadend?.();
    }

    send(body: FormData | null) {
      const total = sizeOf(body);
      void (async () => {
        this.upload.onprogress?.({ loaded: Math.floor(total / 2), total, lengthComputable: true });
        await gate;
        if (this.aborted) return;
        this.upload.onprogress?.({ loaded: total, total, lengthComputable: true });
        try {
          const response = await fetch(this.url, {
            method: this.method,
            headers: this.headers,
            body,
          });
          this.status = response.status;
          this.statusText = response.statusText;
          this.responseText = await response.text();
        } catch {
          this.onerror?.();
          this.onloadend?.();
          return;
        }
        if (this.aborted) return;
        this.onload?.();
        this.onloadend?.();
      })();
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
  return { release: () => release() };
}
