import { inStock, localized, localizedDescription, metaDescription, orderedMedia, type Product } from '../../../domain/catalogue';
import type { RatingSummary } from '../../../domain/reviews';

/**
 * What search engines read on a product page: the document title, the meta description and a
 * schema.org Product as JSON-LD. Pure builders; useProductHead puts them into the document.
 */

export const BRAND = 'No Pain, No Gain';
const BRAND_SUFFIX = /\s*[|·–-]\s*No Pain, No Gain\s*$/;
const IN_STOCK = 'https://schema.org/InStock';
const OUT_OF_STOCK = 'https://schema.org/OutOfStock';

/** The page part of the title: the English meta title when there is one, else the shown title. */
export function productPageTitle(product: Pick<Product, 'meta_title' | 'title' | 'subtitle' | 'title_de' | 'subtitle_de'>, locale: string): string {
  // A meta title often ends in the brand already; the document title adds it once (useDocumentTitle).
  const own = locale === 'en' ? product.meta_title?.replace(BRAND_SUFFIX, '').trim() : undefined;
  return own || localized(product, locale).title;
}

/** Minor units as the decimal string schema.org expects ("34.99"). */
export const decimal = (cents: number) => (Math.round(cents) / 100).toFixed(2);

type JsonLd = Record<string, unknown>;

function offers(product: Product, url: string): JsonLd | undefined {
  const variants = product.variants;
  if (variants.length === 0) return undefined;
  const availability = variants.some(inStock) ? IN_STOCK : OUT_OF_STOCK;
  if (variants.length === 1) {
    const [only] = variants;
    return { '@type': 'Offer', price: decimal(only.price), priceCurrency: product.currency, sku: only.sku, availability, url };
  }
  const prices = variants.map((v) => v.price);
  return {
    '@type': 'AggregateOffer',
    lowPrice: decimal(Math.min(...prices)),
    highPrice: decimal(Math.max(...prices)),
    priceCurrency: product.currency,
    offerCount: variants.length,
    availability,
    url,
  };
}

/** The schema.org Product of a page; `origin` makes the URLs absolute. No rating without reviews. */
export function productJsonLd(product: Product, { origin, locale, rating }: { origin: string; locale: string; rating: RatingSummary | null }): JsonLd {
  const url = new URL(`/shop/${encodeURIComponent(product.slug)}`, origin).href;
  const images = orderedMedia(product.media).map((m) => new URL(m.url, origin).href);
  const description = localizedDescription(product, locale).trim() || metaDescription(product, locale);
  const data: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: localized(product, locale).title,
    url,
    brand: { '@type': 'Brand', name: BRAND },
    category: product.category,
  };
  if (description) data.description = description;
  if (images.length) data.image = images;
  if (product.variants[0]) data.sku = product.variants[0].sku;
  const offer = offers(product, url);
  if (offer) data.offers = offer;
  if (rating && rating.count > 0) {
    data.aggregateRating = { '@type': 'AggregateRating', ratingValue: Number(rating.average.toFixed(2)), reviewCount: rating.count, bestRating: 5, worstRating: 1 };
  }
  return data;
}

/**
 * JSON for an inline <script>: every `<` becomes \u003c (still the same JSON), so no text in the
 * data ("</script>", "<!--") can end the script or open markup.
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
