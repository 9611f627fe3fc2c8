import { ProxyList } from '../../../features/proxies/components/proxy-list';

export default function ProxyListRoute() {
  return <ProxyList />;
}
