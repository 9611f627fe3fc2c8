import { EMBED_READY_MESSAGE } from '@gerbang/contract';
import { useEffect, useRef } from 'react';
import { isInFrame } from '../lib/in-frame';

/** What a customer page tells the page that frames it: its state, and whom it may tell. */
type Framed = { status: string; embedOrigins: readonly string[] };

/**
 * The parent page's origin when it is one the merchant allows: read from the referrer (the page
 * that framed us). Never "*": a status must not reach a page the merchant did not name.
 */
function allowedParentOrigin(allowed: readonly string[]): string | null {
  try {
    const origin = new URL(document.referrer).origin;
    return allowed.includes(origin) ? origin : null;
  } catch {
    return null;
  }
}

/**
 * Inside a merchant's iframe: EMBED_READY once shown, then every status (as `toMessage` words it),
 * to the allowed parent only. Used by the deposit and withdraw pages.
 */
export function useParentMessages<V extends Framed>(view: V | null, toMessage: (view: V) => object) {
  const sent = useRef<{ ready: boolean; status: string | null }>({ ready: false, status: null });
  useEffect(() => {
    if (!view || !isInFrame()) return;
    const origin = allowedParentOrigin(view.embedOrigins);
    if (!origin) return;
    if (!sent.current.ready) {
      window.parent.postMessage(EMBED_READY_MESSAGE, origin);
      sent.current.ready = true;
    }
    if (sent.current.status !== view.status) {
      window.parent.postMessage(toMessage(view), origin);
      sent.current.status = view.status;
    }
  }, [view, toMessage]);
}
