import { PrivacyView } from './PrivacyView';

/** Static page: the view reads only texts and the facts in ./data. */
export default function PrivacyRoute() {
  return <PrivacyView />;
}
