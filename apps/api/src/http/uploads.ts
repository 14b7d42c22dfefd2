import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { unsupportedMediaType } from './errors';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export interface Upload {
  fieldname: string;
  filename: string;
  data: Buffer;
}

declare module 'fastify' {
  interface FastifyRequest {
    uploads?: Upload[];
  }
}

/** Collects a multipart body: text fields into an object, files into size-checked buffers. */
export async function readMultipart(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  const files: Upload[] = [];
  for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 20 } })) {
    if (part.type === 'file') {
      // toBuffer throws FST_REQ_FILE_TOO_LARGE (→ 413) beyond the limit.
      files.push({
        fieldname: part.fieldname,
        filename: part.filename,
        data: await part.toBuffer(),
      });
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  return { fields, files };
}

export type SniffedType = 'image/png' | 'image/jpeg' | 'image/webp' | 'application/pdf';

/** The real type of an upload, from its bytes, never its name; 415 when not in `allowed`. */
export async function sniff<T extends SniffedType>(
  data: Buffer,
  allowed: readonly T[],
): Promise<T> {
  const type = await fileTypeFromBuffer(data);
  const mime = type?.mime as T | undefined;
  if (!mime || !allowed.includes(mime)) throw unsupportedMediaType(allowed.join(', '));
  return mime;
}
