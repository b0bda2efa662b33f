/** What the machines read from a failure: its message for display, and the input it names. */

/**
 * The message a failure carries (an ApiError's, an Error's, a thrown string), or `fallback` when it
 * carries none.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (typeof error === 'string') return error || fallback;
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message !== '' ? message : fallback;
}

/** The input a refusal is about (src/api/errors.ts ApiError `field`): the product's slug, or a variant's SKU. */
export type ErrorField = 'slug' | { sku: string };

export function errorField(error: unknown): ErrorField | null {
  const field = typeof error === 'object' && error !== null ? (error as { field?: unknown }).field : undefined;
  if (field === 'slug') return field;
  if (typeof field === 'object' && field !== null && typeof (field as { sku?: unknown }).sku === 'string') return { sku: (field as { sku: string }).sku };
  return null;
}
