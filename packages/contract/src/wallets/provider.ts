import { z } from 'zod';
import { WALLET_PROVIDERS } from './wallet-providers';

/** A wallet provider's id in a request or an answer (wallet-providers.ts lists them). */
export const walletProviderSchema = z.enum(WALLET_PROVIDERS);
