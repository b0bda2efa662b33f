import { ShippingView } from './ShippingView';

/** Static page: the view reads only texts and the facts in ./data. */
export default function ShippingRoute() {
  return <ShippingView />;
}
