import { useSearchParams } from 'react-router';

/**
 * The record a list's detail dialog shows, kept in the address (`?<name>=<id>`) so it can be shared
 * and survives a reload; setting null closes it. Replaces the history entry: opening a detail is
 * not a page of its own for the back button.
 */
export function useDetailParam(name: string): [string | null, (id: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const setOpen = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(name, id);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  return [params.get(name), setOpen];
}
