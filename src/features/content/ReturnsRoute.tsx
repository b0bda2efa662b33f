import { ReturnsView } from './ReturnsView';

/** Static page: the view reads only texts and the facts in ./data. */
export default function ReturnsRoute() {
  return <ReturnsView />;
}
