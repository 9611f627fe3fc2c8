// What the dashboard parses its answers with, after its first frame (lib/parsed-after-first-frame.ts).
import '../../../lib/zod-config';

export { merchantStatsSchema } from '@gerbang/contract';
