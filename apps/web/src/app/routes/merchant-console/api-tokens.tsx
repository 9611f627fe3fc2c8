import { ApiTokenList } from '../../../features/api-tokens/components/api-token-list';

export default function ApiTokensRoute() {
  return <ApiTokenList />;
}
