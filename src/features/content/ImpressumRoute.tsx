import { ImpressumView } from './ImpressumView';

/** Static page: the view reads only texts and the company's facts in src/config/company.ts. */
export default function ImpressumRoute() {
  return <ImpressumView />;
}
