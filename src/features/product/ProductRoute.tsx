/** /shop/{slug} — built in issue 4 (helper in progress). */
export default function ProductRoute(_props: { slug: string }) {
  return null;
}
