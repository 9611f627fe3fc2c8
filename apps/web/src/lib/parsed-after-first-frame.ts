import { afterFirstFrame } from './first-frame';
import type { HttpResponse } from './http-error';

/**
 * For a page drawn with its layout (AppRoute.drawnWithLayout): its own code names no schema, so
 * its first frame waits neither for zod nor for the contract's schemas (the largest file a console
 * page loads) on a phone's slow link. It parses its answers with the schemas of a feature's
 * `api/*-answers.ts` (they re-export them from the contract, and sit in the schemas' file:
 * scripts/console-chunks.ts), which download once that frame is on screen, beside the page's first
 * requests, which wait for it too (lib/api-client.ts). `load` is `() => import('./…-answers')`:
 * the import must stay in the feature for the build to see it.
 */
export async function parsedAfterFirstFrame<Schemas, Answer>(
  request: Promise<HttpResponse>,
  load: () => Promise<Schemas>,
  schemaOf: (schemas: Schemas) => { parse: (data: unknown) => Answer },
): Promise<Answer> {
  const [schemas, response] = await Promise.all([afterFirstFrame().then(load), request]);
  return schemaOf(schemas).parse(response.data);
}
