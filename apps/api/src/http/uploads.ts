import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from '@helder/shared/http';
import { AppError, badRequest, unsupportedMediaType } from './errors';

/** Text fields per multipart request, and bytes per field value and per field name. */
export const MAX_FIELDS = 50;
export const MAX_FIELD_BYTES = 16 * 1024;
const MAX_FIELD_NAME_BYTES = 100;

/** A file of a multipart request, streamed to a temporary file that lives as long as the request. */
export interface Upload {
  fieldname: string;
  filename: string;
  path: string;
  size: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    uploads?: Upload[];
  }
}

const tooLarge = (detail: string) => new AppError(413, 'PAYLOAD_TOO_LARGE', detail);

/** The client's limit breaches, as @fastify/multipart reports them, in our words. */
const LIMIT_ERRORS: Record<string, (maxFiles: number, maxBytes: number) => AppError> = {
  FST_REQ_FILE_TOO_LARGE: (_, maxBytes) =>
    tooLarge(`The file is larger than ${maxBytes / 1024 / 1024} MB`),
  FST_FILES_LIMIT: (maxFiles) => tooLarge(`Too many files; at most ${maxFiles}`),
  FST_FIELDS_LIMIT: () => tooLarge(`Too many fields; at most ${MAX_FIELDS}`),
};

/**
 * What a failed read means for the client: our own and the plugin's limit errors as 413, an
 * I/O failure of this server (it carries a syscall) as itself, and anything else the parser
 * threw (no boundary, truncated or garbled body, aborted upload) as 400.
 */
function multipartError(e: unknown, maxFiles: number, maxBytes: number): unknown {
  if (e instanceof AppError) return e;
  const { code, syscall } = e as { code?: unknown; syscall?: unknown };
  const limit = typeof code === 'string' ? LIMIT_ERRORS[code] : undefined;
  if (limit) return limit(maxFiles, maxBytes);
  if (syscall) return e;
  return badRequest(`Malformed multipart body: ${(e as Error).message}`);
}

const tempDirs = new WeakMap<FastifyRequest, string>();

/**
 * Reads a multipart body within the limits: text fields into an object, at most `maxFiles`
 * files streamed to a temporary directory, so memory stays flat whatever the client sends. The
 * caller must `discardUploads` once the request is done with them, also when reading fails.
 */
export async function readMultipart(
  request: FastifyRequest,
  maxFiles: number,
  maxBytes = MAX_UPLOAD_BYTES,
) {
  const fields: Record<string, string> = {};
  const files: Upload[] = [];
  try {
    const parts = request.parts({
      limits: {
        fileSize: maxBytes,
        files: maxFiles,
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
      },
    });
    for await (const part of parts) {
      // Busboy bounds multipart names only by its header size, so the limit is checked here.
      if (Buffer.byteLength(part.fieldname) > MAX_FIELD_NAME_BYTES) {
        throw tooLarge(`A field name is longer than ${MAX_FIELD_NAME_BYTES} bytes`);
      }
      if (part.type === 'field') {
        // Busboy cuts a long value short instead of failing; cut text is never what was meant.
        if (part.valueTruncated) {
          throw tooLarge(`Field "${part.fieldname}" exceeds ${MAX_FIELD_BYTES / 1024} KB`);
        }
        fields[part.fieldname] = String(part.value);
        continue;
      }
      let dir = tempDirs.get(request);
      if (!dir) {
        dir = await mkdtemp(path.join(tmpdir(), 'helder-upload-'));
        tempDirs.set(request, dir);
      }
      const file = path.join(dir, String(files.length));
      const out = createWriteStream(file);
      await pipeline(part.file, out);
      if (part.file.truncated) throw LIMIT_ERRORS.FST_REQ_FILE_TOO_LARGE!(maxFiles, maxBytes);
      files.push({
        fieldname: part.fieldname,
        filename: part.filename,
        path: file,
        size: out.bytesWritten,
      });
    }
  } catch (e) {
    // What the client still sends after a refusal is drained, not parsed or kept.
    request.raw.unpipe();
    request.raw.resume();
    throw multipartError(e, maxFiles, maxBytes);
  }
  return { fields, files };
}

/** Removes the temporary files of `request`; safe to call more than once. */
export async function discardUploads(request: FastifyRequest) {
  const dir = tempDirs.get(request);
  if (!dir) return;
  tempDirs.delete(request);
  await rm(dir, { recursive: true, force: true });
}

export type SniffedType = 'image/png' | 'image/jpeg' | 'image/webp' | 'application/pdf';

/** The real type of an upload, from its first bytes, never its name; 415 when not in `allowed`. */
export async function sniff<T extends SniffedType>(
  file: Upload,
  allowed: readonly T[],
): Promise<T> {
  const { fileTypeFromFile } = await import('file-type');
  const type = await fileTypeFromFile(file.path);
  const mime = type?.mime as T | undefined;
  if (!mime || !allowed.includes(mime)) throw unsupportedMediaType(allowed.join(', '));
  return mime;
}
