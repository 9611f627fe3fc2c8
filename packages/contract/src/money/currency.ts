import { z } from 'zod';
import { CURRENCIES } from './currencies';

/** A currency Gerbang moves (./currencies, without zod: the consoles format money before the schemas load). */
export const currencySchema = z.enum(CURRENCIES);
