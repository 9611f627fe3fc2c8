import { useParams } from 'react-router';
import { DeviceDetail } from '../../../features/devices/components/device-detail';

export default function DeviceDetailRoute() {
  const { id = '' } = useParams();
  return <DeviceDetail id={id} />;
}
