/** The `token` of a newsletter link's query (`?token=…`), trimmed; null when there is none. */
export function tokenFromSearch(search: string): string | null {
  const token = new URLSearchParams(search).get('token')?.trim();
  return token || null;
}
