/** The product form's images (SPEC §5, §7 Images): which picked files are taken, their order, what the media step writes. */
import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES, IMAGE_TYPES, IMAGES_MAX } from './products';
import type { ImageDraft } from './productForm';

/** Why a picked file is not taken (SPEC §5: jpeg, jpg, png, webp only; the bucket's size limit). */
export type FileProblem = { kind: 'type' } | { kind: 'size'; maxBytes: number } | { kind: 'tooMany'; max: number };

export function checkImageFile(file: Pick<File, 'name' | 'type' | 'size'>): FileProblem | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type) || !(IMAGE_EXTENSIONS as readonly string[]).includes(extension)) return { kind: 'type' };
  if (file.size > IMAGE_MAX_BYTES) return { kind: 'size', maxBytes: IMAGE_MAX_BYTES };
  return null;
}

export type FileRefusal = { fileName: string; problem: FileProblem };

/** Takes the picked files that are images of an allowed type and size, up to IMAGES_MAX in all, in the order given. */
export function pickImages(present: number, files: File[]): { accepted: File[]; refused: FileRefusal[] } {
  const accepted: File[] = [];
  const refused: FileRefusal[] = [];
  for (const file of files) {
    const problem = checkImageFile(file) ?? (present + accepted.length >= IMAGES_MAX ? ({ kind: 'tooMany', max: IMAGES_MAX } as const) : null);
    if (problem) refused.push({ fileName: file.name, problem });
    else accepted.push(file);
  }
  return { accepted, refused };
}

/** Moves `key` to `toIndex` (clamped); the first image is the primary. */
export function movedImages(images: ImageDraft[], key: string, toIndex: number): ImageDraft[] {
  const from = images.findIndex((image) => image.key === key);
  if (from < 0) return images;
  const to = Math.max(0, Math.min(images.length - 1, Math.trunc(toIndex)));
  if (to === from) return images;
  const next = images.filter((image) => image.key !== key);
  next.splice(to, 0, images[from]);
  return next;
}

/** The images still to upload (picked in this form, no URL yet), in display order. */
export const pendingImages = (images: ImageDraft[]) => images.filter((image) => image.file !== null && image.url === null);

/** SPEC §7 Images: alt '{title} image {n}' when the admin wrote none. */
export const defaultAlt = (title: string, index: number) => `${title.trim()} image ${index + 1}`;

/** What the media step writes: the images in display order (first = primary). */
export type MediaInput = { id: string | null; url: string; alt: string; width: number | null; height: number | null };

/** What the media step writes: every image in display order, a blank alt text replaced by '{title} image {n}'. */
export function mediaInputs(title: string, images: ImageDraft[]): MediaInput[] {
  return images.map((image, index) => ({
    id: image.mediaId,
    url: image.url ?? '',
    alt: image.alt.trim() || defaultAlt(title, index),
    width: image.width,
    height: image.height,
  }));
}
