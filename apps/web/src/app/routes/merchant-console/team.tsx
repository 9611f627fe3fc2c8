import { TeamList } from '../../../features/team/components/team-list';

/** Merchant console /team: the owner manages who else works for the merchant, and as what. */
export default function TeamRoute() {
  return <TeamList />;
}
