import type { ReactElement } from 'react';
import { ProductFormView, type ProductFormViewProps } from '../../src/features/admin/productForm/ProductFormView';
import { AuthView, type AuthViewProps } from '../../src/features/auth/AuthView';
import { CartPageView } from '../../src/features/checkout/CartPageView';
import type { CheckoutScreen } from '../../src/features/checkout/checkoutProps';
import { ReviewView } from '../../src/features/checkout/ReviewView';
import { GuestConfirmationView, type GuestConfirmationViewProps } from '../../src/features/orders/GuestConfirmationView';
import { type AnyFlow, decodeEvent, snapshotAt } from './flow';

/** Each flow's view, by the flow's name: what its container renders for the props of a snapshot. */
const FLOW_VIEWS: Record<string, (props: never) => ReactElement> = {
  Checkout: (screen: CheckoutScreen) => (screen.view === 'review' ? <ReviewView {...screen.props} /> : <CartPageView {...screen.props} />),
  OrderPolling: (props: GuestConfirmationViewProps) => <GuestConfirmationView {...props} />,
  AuthForm: (props: AuthViewProps) => <AuthView {...props} />,
  ProductForm: (props: ProductFormViewProps) => <ProductFormView {...props} />,
};

/** The view of a flow for a snapshot, with `send` behind its controls. */
export function FlowView({ flow, snapshot, send = () => {} }: { flow: AnyFlow; snapshot: unknown; send?: (event: { type: string }) => void }) {
  const View = FLOW_VIEWS[flow.name] as (props: unknown) => ReactElement;
  return <View {...(flow.props(snapshot, send) as object)} />;
}

/** A generated story: the view of the state that `path` (encoded events, see encodeEvent) leads to from `input`. */
export function FlowState({ flow, input, path }: { flow: AnyFlow; input: string; path: readonly unknown[] }) {
  return <FlowView flow={flow} snapshot={snapshotAt(flow, input, path.map(decodeEvent))} />;
}
