/**
 * The schemas this feature parses its answers with (./webhooks-answers), loaded after the merchant
 * console's first frame by lib/parsed-after-first-frame.ts: /webhooks is drawn with its layout.
 */
export const loadWebhooksAnswers = () => import('./webhooks-answers');
