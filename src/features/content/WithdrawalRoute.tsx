import { WithdrawalView } from './WithdrawalView';

/** Static page: the view reads only texts and the company's facts in src/config/company.ts. */
export default function WithdrawalRoute() {
  return <WithdrawalView />;
}
