import { DeviceDashboard } from '../../../features/devices/components/device-dashboard';

export default function DeviceDashboardRoute() {
  return <DeviceDashboard />;
}
