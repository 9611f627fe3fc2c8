import { useSearchParams } from 'react-router';

type FilterValue = string | null | boolean;

/**
 * A list's filters kept in the address (`?status=failed&awaitingReview=true`), so a reload or a
 * shared link shows the same list. `empty` names the filters and their values when unset (those
 * are left out of the address); `choices` limits a filter to the values it can take (another value
 * in the address is ignored). Other parameters (an open detail's) are kept. Replaces the history
 * entry: changing a filter is not a page of its own for the back button.
 */
export function useUrlFilters<F extends Record<string, FilterValue>>(
  empty: F,
  choices: Partial<Record<keyof F, readonly string[]>> = {},
): [F, (next: F) => void] {
  const [params, setParams] = useSearchParams();
  const keys = Object.keys(empty) as (keyof F & string)[];
  // A handful of parameters: read on each render, nothing to memoize.
  const read: Record<string, FilterValue> = { ...empty };
  for (const key of keys) {
    const raw = params.get(key);
    if (raw === null) continue;
    const allowed = choices[key];
    if (typeof empty[key] === 'boolean') read[key] = raw === 'true';
    else if (!allowed || allowed.includes(raw)) read[key] = raw;
  }
  const set = (next: F) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        for (const key of keys) {
          const v = next[key];
          if (v === null || v === '' || v === false || v === empty[key]) updated.delete(key);
          else updated.set(key, String(v));
        }
        return updated;
      },
      { replace: true },
    );
  return [read as F, set];
}
