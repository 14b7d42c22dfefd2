/**
 * `callApi` for a multipart upload whose progress is shown, in a module of its own: only the
 * screens that upload load it (a statement, receipts), not every first load.
 */
import type { Endpoint, ParamsOf, QueryOf, ResponseOf } from '@helder/shared/http';
import { buildPath, type RouteTo } from '@helder/shared/http/client';
import { API_BASE, ApiError, buildQuery, settle, type QueryValue } from './api';
import { apiConfig as config } from './api-config';

export interface UploadInput<E extends Endpoint> {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body: FormData;
  /** Upload progress: bytes sent of `total` (0 while the browser does not know the size). */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * `callApi` for a multipart upload whose progress is shown: the same path, token, errors and
 * parsing, over XMLHttpRequest (fetch reports no upload progress).
 */
export function uploadApi<E extends Endpoint>(
  route: RouteTo<E>,
  { params, query, body, onProgress, signal }: UploadInput<E>,
): Promise<ResponseOf<E>> {
  const path = buildPath(route.path, params as Record<string, string | number>);
  const url = `${API_BASE}${path}${buildQuery(query as Record<string, QueryValue> | undefined)}`;
  const token = config.getToken();
  return new Promise<Response>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(route.method, url);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) =>
      onProgress?.(event.loaded, event.lengthComputable ? event.total : 0);
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status > 599) {
        reject(new ApiError(0, 'NETWORK_ERROR', 'Network error'));
        return;
      }
      const empty = xhr.status === 204 || xhr.status === 205 || xhr.responseText === '';
      resolve(
        new Response(empty ? null : xhr.responseText, {
          status: xhr.status,
          statusText: xhr.statusText,
        }),
      );
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', 'Network error'));
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    // One signal may serve many uploads in turn: each lets go of it when done.
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    xhr.onloadend = () => signal?.removeEventListener('abort', abort);
    xhr.send(body);
  }).then((response) => settle(route, response, Boolean(token)));
}
