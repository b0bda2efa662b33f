import { FaqView } from './FaqView';

/** Static page: the view reads only texts and the facts in ./data. */
export default function FaqRoute() {
  return <FaqView />;
}
