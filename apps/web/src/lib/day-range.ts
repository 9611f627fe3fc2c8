/**
 * Local midnight of a yyyy-mm-dd day (a date input's value, in the browser's zone), `plusDays`
 * later, as an instant; undefined for no day. A "to" day includes its whole day: pass 1.
 */
export function startOfDay(day: string, plusDays = 0): string | undefined {
  if (!day) return undefined;
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 0, (month ?? 1) - 1, (date ?? 1) + plusDays).toISOString();
}
