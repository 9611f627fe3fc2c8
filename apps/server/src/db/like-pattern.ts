/**
 * A user's search text as a literal inside a LIKE pattern: `%`, `_` and `\` match only themselves.
 * The pattern is still sent as a bind parameter; this only keeps wildcards out of it.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
