import { canUser } from '@gerbang/contract';
import { AlertList } from '../../features/alerts/components/alert-list';
import { AlertRulesForm } from '../../features/alerts/components/alert-rules-form';
import { useSession } from '../../lib/session';

/** The notification centre: what needs attention now, and (for those who may) the rules behind it. */
export default function AlertsRoute() {
  const { user } = useSession();
  return (
    <div className="flex flex-col gap-8">
      <AlertList />
      {canUser(user, 'alerts', 'update') ? <AlertRulesForm /> : null}
    </div>
  );
}
