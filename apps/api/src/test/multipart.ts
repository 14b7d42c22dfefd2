/**
 * A multipart/form-data payload for `app.inject`, built by the platform's own encoder:
 * text fields as strings, files as `{ name, data, type? }`.
 */
export async function multipart(
  fields: Record<string, string | { name: string; data: Buffer; type?: string }>,
): Promise<{ payload: Buffer; headers: { 'content-type': string } }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(key, value);
    else form.append(key, new Blob([value.data], { type: value.type ?? '' }), value.name);
  }
  const request = new Request('http://multipart.invalid', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}
