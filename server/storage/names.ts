import { invalidRequest, storageError } from './errors.ts';

const MAX_KEY_BYTES = 1024;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;
const BUCKET_ID = /^[\w!.*'() &$@=;:+,?-]{1,100}$/;

export const invalidKey = (name: string) => storageError(400, 'InvalidKey', `Invalid key: ${name}`);

/** An object name as Storage accepts it; anything that could escape a folder or confuse a path is refused. */
export function checkObjectName(name: string): string {
  const segments = name.split('/');
  const bad =
    name === '' || Buffer.byteLength(name, 'utf8') > MAX_KEY_BYTES || CONTROL_CHARS.test(name) || name.includes('\\') || segments.some((s) => s === '' || s === '.' || s === '..');
  if (bad) throw invalidKey(name);
  return name;
}

/** Bucket ids as Storage's isValidBucketName; '.' and '..' are refused too because ids name folders on disk. */
export function checkBucketId(id: string): string {
  if (!BUCKET_ID.test(id) || id.trim() !== id || id === '.' || id === '..') {
    throw invalidRequest(`Bucket name invalid: ${id}`);
  }
  return id;
}

/** '/bucket/a/b.png' (URL-encoded) → { bucket, name }; malformed percent-escapes are the caller's error. */
export function splitObjectPath(rawPath: string): { bucket: string; name: string } {
  const trimmed = rawPath.replace(/^\/+/, '');
  const slash = trimmed.indexOf('/');
  if (slash <= 0) throw invalidRequest('The path must be /<bucket>/<object name>');
  const bucket = decodeSegment(trimmed.slice(0, slash));
  const name = trimmed
    .slice(slash + 1)
    .split('/')
    .map(decodeSegment)
    .join('/');
  return { bucket: checkBucketId(bucket), name: checkObjectName(name) };
}

export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw invalidRequest(`Malformed URL encoding in "${segment}"`);
  }
}
