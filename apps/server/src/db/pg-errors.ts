/** PostgreSQL error codes as thrown by node-postgres and PGlite, possibly wrapped by drizzle. */
function hasCode(error: unknown, code: string, constraint?: string): boolean {
  for (
    let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === code) return constraint === undefined || e.constraint === constraint;
  }
  return false;
}

/** unique_violation (23505), optionally of one named constraint or index. */
export const isUniqueViolation = (error: unknown, constraint?: string) => hasCode(error, '23505', constraint);

/** foreign_key_violation (23503): a row others still point at. */
export const isForeignKeyViolation = (error: unknown) => hasCode(error, '23503');

/** check_violation (23514), optionally of one named constraint. */
export const isCheckViolation = (error: unknown, constraint?: string) => hasCode(error, '23514', constraint);

/** insufficient_privilege (42501): the role may not do that (a CHECKPOINT without pg_checkpoint). */
export const isInsufficientPrivilege = (error: unknown) => hasCode(error, '42501');
