/**
 * Saving a file the API makes: a link cannot send the bearer token, so the file is fetched (with
 * the token when there is one) and saved through a Blob URL under the name the server gives.
 */

/** The file name the server gives, or a plain one. */
function fileName(response: Response, fallback: string): string {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallback;
}

/** Thrown with the HTTP status of a refused download. */
export class DownloadError extends Error {
  constructor(readonly status: number) {
    super(`Download failed with ${status}`);
  }
}

export async function downloadWithToken(url: string, token: string | null, fallbackName: string) {
  const response = await fetch(url, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
  if (!response.ok) throw new DownloadError(response.status);
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName(response, fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
