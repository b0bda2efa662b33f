import { TermsView } from './TermsView';

/** Static page: the view reads only texts and the facts in ./data. */
export default function TermsRoute() {
  return <TermsView />;
}
