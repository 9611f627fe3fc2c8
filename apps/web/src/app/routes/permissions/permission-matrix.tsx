import { PermissionMatrix } from '../../../features/permissions/components/permission-matrix';

export default function PermissionMatrixRoute() {
  return <PermissionMatrix />;
}
