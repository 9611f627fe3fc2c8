import { AnalyticsPage } from '../../../features/analytics/components/analytics-page';

/** Admin console /analytics: Admins and Sub Admins (analytics:view). */
export default function AnalyticsRoute() {
  return <AnalyticsPage />;
}
