/** A product's page. */
export const productHref = (slug: string) => `/shop/${encodeURIComponent(slug)}`;

/** The shop listing filtered by a search text (its `q` parameter, SPEC §2 Shop). */
export const shopSearchHref = (term: string) => `/shop?q=${encodeURIComponent(term.trim())}`;
