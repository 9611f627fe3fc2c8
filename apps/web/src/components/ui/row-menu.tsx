import { type ReactNode, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { OutsideClick } from './outside-click';

type RowMenuProps = {
  /** The trigger's accessible name, naming the row ("Actions for Pixel 7"). */
  label: string;
  children: ReactNode;
};

type Place = { top: number; right: number };

/**
 * A row's actions behind one small button, so dense tables keep one line per row. The panel is
 * portalled and fixed next to the button (a table's scroll box would otherwise clip it): below it,
 * or above when the viewport has no room below, and it follows the button when the page scrolls.
 * Escape or a press outside closes it; Escape returns focus to the button.
 */
export function RowMenu({ label, children }: RowMenuProps) {
  const [isOpen, setIsOpen] = useState(false);
  const [place, setPlace] = useState<Place | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLFieldSetElement>(null);
  const panelId = useId();

  const close = useCallback((returnFocus: boolean) => {
    setIsOpen(false);
    setPlace(null);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  const placePanel = useCallback(() => {
    if (!buttonRef.current) return;
    const rect = buttonRef.current.getBoundingClientRect();
    const height = panelRef.current?.offsetHeight ?? 0;
    const below = rect.bottom + 4;
    const top = below + height <= window.innerHeight - 8 ? below : Math.max(8, rect.top - height - 4);
    const right = Math.max(8, window.innerWidth - rect.right);
    setPlace((current) => (current?.top === top && current.right === right ? current : { top, right }));
  }, []);

  // Measured once the panel is rendered (hidden) so it can be flipped above when needed.
  useLayoutEffect(() => {
    if (isOpen) placePanel();
  }, [isOpen, placePanel]);

  const isPlaced = place !== null;
  useEffect(() => {
    if (isPlaced)
      panelRef.current?.querySelector<HTMLElement>('button, select, [href], input')?.focus({ preventScroll: true });
  }, [isPlaced]);

  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    document.addEventListener('keydown', onKey);
    window.addEventListener('resize', placePanel);
    window.addEventListener('scroll', placePanel, true);
    return () => {
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('resize', placePanel);
      window.removeEventListener('scroll', placePanel, true);
    };
  }, [isOpen, close, placePanel]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        onClick={() => (isOpen ? close(false) : setIsOpen(true))}
        className="inline-flex min-h-8 min-w-8 items-center justify-center rounded-md border border-gray-300 bg-white px-2 text-gray-900 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100 dark:hover:bg-gray-700"
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {isOpen
        ? createPortal(
            <OutsideClick onOutsideClick={() => close(false)} except={buttonRef}>
              <fieldset
                ref={panelRef}
                id={panelId}
                aria-label={label}
                style={place ? { top: place.top, right: place.right } : { top: 0, right: 0, visibility: 'hidden' }}
                className="fixed z-50 m-0 flex w-max max-w-[90vw] min-w-0 flex-col items-stretch gap-2 rounded-md border border-gray-200 bg-white p-3 shadow-lg dark:border-gray-700 dark:bg-gray-900"
              >
                {children}
              </fieldset>
            </OutsideClick>,
            document.body,
          )
        : null}
    </>
  );
}
