/**
 * The public customer pages (spec §2 "Admin route table", in its order). They stay reachable
 * while signed in, may be embedded in a merchant's iframe, and are served by the admin console as
 * their own small document (apps/web/customer.html), without the console's code.
 */
export const CUSTOMER_PAGE_PATHS = ['/request-transaction', '/merchant/embed', '/deposit', '/withdraw'] as const;
export type CustomerPagePath = (typeof CUSTOMER_PAGE_PATHS)[number];

/** The customer page an address shows (its path, or a path below it), if any. */
export function customerPageOf(pathname: string): CustomerPagePath | null {
  return CUSTOMER_PAGE_PATHS.find((path) => pathname === path || pathname.startsWith(`${path}/`)) ?? null;
}
