import type { ApiRequest } from '../http.ts';
import { baseMimeType } from './mime.ts';
import { invalidRequest, payloadTooLarge } from './errors.ts';

export interface UploadBody {
  bytes: Uint8Array;
  mimetype: string;
  /** As stored in metadata and sent back as Cache-Control, e.g. 'max-age=3600'. */
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

const MULTIPART_OVERHEAD = 64 * 1024;
const DEFAULT_CACHE_CONTROL = 'no-cache';

/**
 * Reads an upload as storage-js sends it: multipart/form-data from browsers (a `cacheControl`
 * field and one file part, whose field name is empty), or the raw bytes with their content-type.
 */
export async function readUploadBody(req: ApiRequest, sizeLimit: number): Promise<UploadBody> {
  const contentType = req.headers['content-type'] ?? '';
  const body = await req.body(baseMimeType(contentType) === 'multipart/form-data' ? sizeLimit + MULTIPART_OVERHEAD : sizeLimit);
  const upload = baseMimeType(contentType) === 'multipart/form-data' ? await fromMultipart(contentType, body) : fromRaw(req, contentType, body);
  if (upload.bytes.byteLength > sizeLimit) throw payloadTooLarge();
  return upload;
}

async function fromMultipart(contentType: string, body: Buffer): Promise<UploadBody> {
  let form: FormData;
  try {
    form = await new Request('http://storage.local/', { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(body) }).formData();
  } catch {
    throw invalidRequest('The multipart/form-data body could not be parsed');
  }
  const files = [...form.values()].filter((v): v is File => typeof v !== 'string');
  if (files.length !== 1) throw invalidRequest(`Expected exactly one file in the form, got ${files.length}`);
  const [file] = files;
  const cacheControl = form.get('cacheControl');
  return {
    bytes: new Uint8Array(await file.arrayBuffer()),
    mimetype: baseMimeType(file.type || 'application/octet-stream'),
    cacheControl: typeof cacheControl === 'string' ? cacheControlFromSeconds(cacheControl) : DEFAULT_CACHE_CONTROL,
    userMetadata: parseMetadata(form.get('metadata')),
  };
}

function fromRaw(req: ApiRequest, contentType: string, body: Buffer): UploadBody {
  const encodedMetadata = req.headers['x-metadata'];
  return {
    bytes: new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
    mimetype: baseMimeType(contentType || 'application/octet-stream'),
    cacheControl: normaliseCacheControl(req.headers['cache-control']),
    userMetadata: encodedMetadata ? parseMetadata(Buffer.from(encodedMetadata, 'base64').toString('utf8')) : null,
  };
}

function cacheControlFromSeconds(value: string): string {
  if (!/^\d{1,10}$/.test(value.trim())) throw invalidRequest('cacheControl must be a number of seconds');
  return `max-age=${value.trim()}`;
}

function normaliseCacheControl(header: string | undefined): string {
  if (!header) return DEFAULT_CACHE_CONTROL;
  if (/^\d+$/.test(header.trim())) return cacheControlFromSeconds(header);
  if (!/^[\w=, -]{1,200}$/.test(header)) throw invalidRequest('Invalid cache-control header');
  return header.trim();
}

function parseMetadata(value: FormDataEntryValue | string | null): Record<string, unknown> | null {
  if (value === null || typeof value !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    /* reported below */
  }
  throw invalidRequest('metadata must be a JSON object');
}
