import type { WalletProvider } from '@gerbang/contract';
import type { IconName } from '../../components/ui/icon';

/**
 * A sidebar link; who sees it is decided by the route table row with the same path. Several label
 * keys: the first the locale has (a provider's own label, then its name).
 */
export type SidebarItem = {
  path: string;
  labelKey: string | readonly string[];
  /** The wallet provider whose page it links: its name is the `name` the label may interpolate. */
  provider?: WalletProvider;
  icon: IconName;
};
