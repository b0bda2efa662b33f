import { useLingui } from '@lingui/react/macro';
import { Badge } from '../../../ui/Badge';

/** Received more than 14 days after delivery: accepted, and the seller judges it (ADR 0025). */
export function LateBadge() {
  const { t } = useLingui();
  return <Badge tone="warning">{t`Late`}</Badge>;
}
