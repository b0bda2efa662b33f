/**
 * The admin area's screens and their paths: one table for the admin chunk, which picks the screen
 * for the URL (AdminRoute), and for the server renderer, which answers 404 for any other path under
 * /admin (isKnownPath). The app's route table has a single `/admin/*?` entry, so none of this is in
 * the code every shopper loads (docs/adr/0040).
 */
export const ADMIN_PATHS = {
  dashboard: '/admin',
  products: '/admin/products',
  newProduct: '/admin/products/new',
  importProducts: '/admin/products/import',
  editProduct: '/admin/products/:productId/edit',
  reviews: '/admin/reviews',
  orders: '/admin/orders',
  order: '/admin/orders/:orderNumber',
  withdrawals: '/admin/withdrawals',
  audit: '/admin/audit',
} as const;

export type AdminPage = keyof typeof ADMIN_PATHS;

/** /admin and every path under it: the admin area (its own layout, no shop footer; its chunk loads with the app there). */
export const ADMIN_AREA = /^\/admin(\/|$)/;
