import { authFormFlow } from './authForm';
import { checkoutFlow } from './checkout';
import type { AnyFlow } from './flow';
import { orderPollingFlow } from './orderPolling';
import { productFormFlow } from './productForm';

/** The flows whose states are generated as stories (npm run stories:generate) and replayed against their views. */
export const FLOWS: AnyFlow[] = [checkoutFlow, orderPollingFlow, authFormFlow, productFormFlow];
