import { resolve } from 'node:path';
import { createGerbangClient } from '@gerbang/sdk';
import { connectToDemo } from './demo-setup';
import { createShop } from './shop';

// `npm run example:shop`: the shop on SHOP_PORT (4000). With GERBANG_API_KEY and
// GERBANG_WEBHOOK_SECRET it uses those; without them it connects itself to `npm run demo`'s Toko Demo.
const port = Number(process.env.SHOP_PORT ?? 4000);
const publicUrl = process.env.SHOP_URL ?? `http://localhost:${port}`;
const gerbangUrl = process.env.GERBANG_URL ?? 'http://localhost:8080';
const gerbangOrigin = process.env.GERBANG_PAGES_ORIGIN ?? 'http://localhost:3000';

const keys =
  process.env.GERBANG_API_KEY && process.env.GERBANG_WEBHOOK_SECRET
    ? { apiKey: process.env.GERBANG_API_KEY, webhookSecret: process.env.GERBANG_WEBHOOK_SECRET }
    : await connectToDemo({
        gerbangUrl,
        publicUrl,
        // Relative to where npm was run (npm runs the script inside examples/shop).
        credentialsFile: resolve(
          process.env.INIT_CWD ?? process.cwd(),
          process.env.DEMO_CREDENTIALS ?? 'data-demo/demo-credentials.json',
        ),
      });
const { server } = createShop({
  gerbang: createGerbangClient({ apiKey: keys.apiKey, baseUrl: gerbangUrl }),
  webhookSecret: keys.webhookSecret,
  publicUrl,
  gerbangOrigin,
});
server.listen(port, () => {
  console.log(`Example shop on ${publicUrl} (admin: ${publicUrl}/admin), paying through ${gerbangUrl}`);
});
