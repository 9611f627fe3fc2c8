/** node-postgres's own parameter encoding (the package ships no types for this file). */
declare module 'pg/lib/utils.js' {
  /** A JavaScript value as the text (or Buffer, or null) node-postgres binds it as. */
  export function prepareValue(value: unknown): string | Buffer | null;
}
