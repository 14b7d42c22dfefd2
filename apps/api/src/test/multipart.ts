/**
 * A multipart/form-data payload for `app.inject`, built by the platform's own encoder:
 * text fields as strings, files as `{ name, data, type? }`, a repeated field as an array.
 */
type Part = string | { name: string; data: Buffer; type?: string };
export async function multipart(
  fields: Record<string, Part | Part[]>,
): Promise<{ payload: Buffer; headers: { 'content-type': string } }> {
  const form = new FormData();
  for (const [key, values] of Object.entries(fields)) {
    for (const value of Array.isArray(values) ? values : [values]) {
      if (typeof value === 'string') form.append(key, value);
      else form.append(key, new Blob([value.data], { type: value.type ?? '' }), value.name);
    }
  }
  const request = new Request('http://multipart.invalid', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}
