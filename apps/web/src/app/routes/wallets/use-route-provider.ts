import { WALLET_PROVIDERS, type WalletProvider } from '@gerbang/contract';
import { useLocation } from 'react-router';

/** The wallet provider a provider page's path starts with (/dana, /maya/<id>); the route table made only those. */
export function useRouteProvider(): WalletProvider {
  const [, first = ''] = useLocation().pathname.toLowerCase().split('/');
  const provider = WALLET_PROVIDERS.find((known) => known === first);
  if (!provider) throw new Error(`no wallet provider's page at ${first}`);
  return provider;
}
