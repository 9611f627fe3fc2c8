import { type RefObject, useEffect, useState } from 'react';
import { FOCUSABLE } from './use-focus-trap';

/**
 * Whether a scrolling region overflows with nothing focusable in it: then it must take focus
 * itself, or a keyboard cannot scroll it (axe: scrollable-region-focusable). Measured again when
 * its content changes.
 */
export function useScrollOnlyRegion(ref: RefObject<HTMLElement | null>, active: boolean): boolean {
  const [scrollOnly, setScrollOnly] = useState(false);
  useEffect(() => {
    const region = ref.current;
    if (!active || !region) return;
    const measure = () => setScrollOnly(region.scrollHeight > region.clientHeight && !region.querySelector(FOCUSABLE));
    measure();
    const changed = new MutationObserver(measure);
    changed.observe(region, { childList: true, subtree: true });
    return () => changed.disconnect();
  }, [ref, active]);
  return scrollOnly;
}
