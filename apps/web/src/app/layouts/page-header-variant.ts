import type { WalletProvider } from '@gerbang/contract';
import type { IconName } from '../../components/ui/icon';

/**
 * `key` names the title and blurb (`console.pageHeader.<key>`); several keys: the first the locale
 * has (a provider's own texts, then ones that interpolate its name).
 */
export type PageHeaderVariant = {
  word: string;
  key: string | readonly string[];
  /** The wallet provider whose page it is: its name is the `name` the texts may interpolate. */
  provider?: WalletProvider;
  icon: IconName;
};
