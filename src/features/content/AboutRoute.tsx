import { AboutView } from './AboutView';

/** Static page: the view reads only texts and the facts in ./data. */
export default function AboutRoute() {
  return <AboutView />;
}
