import { type ReactNode, type RefObject, useEffect, useLayoutEffect, useRef } from 'react';

export type OutsideClickProps = {
  onOutsideClick(): void;
  /** A press on this element (e.g. the button that opens the wrapped menu) does not count. */
  except?: RefObject<HTMLElement | null>;
  children: ReactNode;
  className?: string;
};

/** Fires when a mouse press lands outside the wrapped content (spec §2). */
export function OutsideClick({ onOutsideClick, except, children, className }: OutsideClickProps) {
  const wrapperRef = useRef<HTMLDivElement>(null);
  const callbackRef = useRef(onOutsideClick);
  useLayoutEffect(() => {
    callbackRef.current = onOutsideClick;
  });

  useEffect(() => {
    const onMouseDown = (event: MouseEvent) => {
      const target = event.target;
      if (!(target instanceof Node)) return;
      if (wrapperRef.current?.contains(target)) return;
      if (except?.current?.contains(target)) return;
      callbackRef.current();
    };
    document.addEventListener('mousedown', onMouseDown);
    return () => document.removeEventListener('mousedown', onMouseDown);
  }, [except]);

  return (
    <div ref={wrapperRef} className={className}>
      {children}
    </div>
  );
}
