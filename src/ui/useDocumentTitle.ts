import { useEffect } from 'react';

export const SITE_NAME = 'No Pain, No Gain';

/** "{page} · No Pain, No Gain"; the home page passes nothing and gets the site name alone. */
export function useDocumentTitle(page?: string) {
  useEffect(() => {
    document.title = page ? `${page} · ${SITE_NAME}` : SITE_NAME;
  }, [page]);
}
