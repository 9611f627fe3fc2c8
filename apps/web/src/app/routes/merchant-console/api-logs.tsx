import { ApiLogList } from '../../../features/api-logs/components/api-log-list';
import { useDetailParam } from '../../../hooks/use-detail-param';
import { DETAIL_PARAMS } from '../../../lib/detail-params';

/** Merchant console /api-logs: what the merchant's own API tokens asked and were answered. */
export default function MerchantApiLogsRoute() {
  const [openId, setOpen] = useDetailParam(DETAIL_PARAMS.apiLog);
  return <ApiLogList openId={openId} onOpen={setOpen} />;
}
