import { SERVER_EVENTS } from '@gerbang/contract';
import { useRealtimeEvent } from '../../../lib/realtime-store';
import { useAlerts, useRefreshAlerts } from '../api/alerts';
import { AlertBellLink } from './alert-bell-link';

/** The bell with its live count: reads the active alerts, and again on every `alerts:changed`. */
export default function AlertBell() {
  const alerts = useAlerts('active');
  const refresh = useRefreshAlerts();
  useRealtimeEvent(SERVER_EVENTS.alertsChanged, () => void refresh());
  return <AlertBellLink count={alerts.data?.unseenCount ?? null} />;
}
