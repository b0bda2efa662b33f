import { SizeGuideView } from './SizeGuideView';

/** Static page: the view reads only texts and the facts in ./data. */
export default function SizeGuideRoute() {
  return <SizeGuideView />;
}
