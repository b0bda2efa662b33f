/** /shop — built in issue 4 (helper in progress). */
export default function ShopRoute() {
  return null;
}
