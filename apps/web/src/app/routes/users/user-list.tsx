import { UserList } from '../../../features/users/components/user-list';

export default function UserListRoute() {
  return <UserList />;
}
