/**
 * The address parameters that open a list's detail dialog (`?<param>=<id>`, useDetailParam), so a
 * detail can be shared, reloaded and linked to from another page (the audit log links entries to
 * their withdrawal or payment session). Written once here: the list and the links must agree.
 */
export const DETAIL_PARAMS = {
  withdrawal: 'withdrawal',
  paymentSession: 'session',
  auditEntry: 'entry',
  apiLog: 'request',
  webhookEvent: 'event',
} as const;
