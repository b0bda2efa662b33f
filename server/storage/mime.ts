import { invalidMimeType, storageError } from './errors.ts';
import { loadSharp } from './sharp.ts';

/** 'Image/PNG; charset=x' → 'image/png'. */
export function baseMimeType(contentType: string): string {
  return contentType.split(';')[0].trim().toLowerCase();
}

/** Storage's rule: an allowed entry is an exact type or a 'type/*' wildcard; no list allows everything. */
export function isMimeAllowed(mimetype: string, allowed: readonly string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const type = baseMimeType(mimetype);
  return allowed.some((entry) => {
    const rule = baseMimeType(entry);
    return rule.endsWith('/*') ? type.startsWith(rule.slice(0, -1)) : rule === type;
  });
}

export function onlyImagesAllowed(allowed: readonly string[] | null): boolean {
  return !!allowed && allowed.length > 0 && allowed.every((t) => baseMimeType(t).startsWith('image/'));
}

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const IMAGE_SIGNATURES: Record<string, (bytes: Uint8Array) => boolean> = {
  'image/jpeg': (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  'image/jpg': (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  'image/png': (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/webp': (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8),
  'image/gif': (b) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a')),
  'image/avif': (b) => startsWith(b, ascii('ftypavif'), 4) || startsWith(b, ascii('ftypavis'), 4),
};

/** The image type the bytes are, by their magic numbers: one of the formats image buckets take, or undefined. */
export function sniffImageType(bytes: Uint8Array): string | undefined {
  for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']) {
    if (IMAGE_SIGNATURES[type](bytes)) return type;
  }
  return undefined;
}

/** What libvips calls each type (AVIF is an HEIF container). */
const SHARP_FORMATS: Record<string, string> = {
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'heif',
};

/**
 * Checks an upload against the bucket's rules: the declared type must be allowed and, where the
 * bucket takes images only, the bytes must really be that image type — the magic bytes first
 * (a renamed script or zip is refused without touching a decoder), then the image header as
 * libvips reads it (a PNG signature followed by garbage is refused too). Hosted Storage checks the
 * declared type only; refusing bytes that cannot be shown keeps broken images out of the shop.
 */
export async function checkUploadType(mimetype: string, bytes: Uint8Array, allowed: readonly string[] | null): Promise<void> {
  const type = baseMimeType(mimetype);
  if (!isMimeAllowed(type, allowed)) throw invalidMimeType(type);
  if (!onlyImagesAllowed(allowed)) return;
  const matches = IMAGE_SIGNATURES[type];
  if (!matches) throw invalidMimeType(type);
  const mismatch = () => storageError(415, 'invalid_mime_type', `The file content does not match the mime type ${type}`);
  if (!matches(bytes)) throw mismatch();
  const sharp = await loadSharp();
  // Only the header is read here; `limitInputPixels: false` because the size rule belongs to the
  // render endpoint (hosted Storage stores big images and refuses to transform them).
  const metadata = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!metadata || metadata.format !== SHARP_FORMATS[type] || !metadata.width || !metadata.height) throw mismatch();
}
