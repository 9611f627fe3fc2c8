import { type DepositStatusMessage, type DepositView, EMBED_READY_MESSAGE } from '@gerbang/contract';
import { useEffect, useRef } from 'react';
import { isInFrame } from '../../../lib/in-frame';

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

/** Inside a merchant's iframe: EMBED_READY once shown, then every status, to the allowed parent only. */
export function useParentMessages(view: DepositView | null) {
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
      const message: DepositStatusMessage = {
        source: 'gerbang',
        type: 'payment_session.status',
        sessionId: view.id,
        referenceNumber: view.referenceNumber,
        status: view.status,
      };
      window.parent.postMessage(message, origin);
      sent.current.status = view.status;
    }
  }, [view]);
}
