import { useEffect } from 'react';
import { metaDescription, type Product } from '../../../domain/catalogue';
import type { RatingSummary } from '../../../domain/reviews';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { jsonLdText, productJsonLd, productPageTitle } from './seo';

/**
 * The product page's head: document title, <meta name="description"> (the previous one comes back
 * when the page is left) and the schema.org JSON-LD script (removed on leave).
 */
export function useProductHead(product: Product | null, locale: string, rating: RatingSummary | null, fallbackTitle: string) {
  useDocumentTitle(product ? productPageTitle(product, locale) : fallbackTitle);
  const description = product ? metaDescription(product, locale) : null;

  useEffect(() => {
    if (description === null) return;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const previous = meta.content;
    meta.content = description;
    return () => {
      if (created) meta.remove();
      else meta.content = previous;
    };
  }, [description]);

  // Built in the effect: the page's origin is only known in the browser (this also renders on the server).
  useEffect(() => {
    if (!product) return;
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.dataset.product = '';
    script.textContent = jsonLdText(productJsonLd(product, { origin: window.location.origin, locale, rating }));
    document.head.append(script);
    return () => script.remove();
  }, [product, locale, rating]);
}
