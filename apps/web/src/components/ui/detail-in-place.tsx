import type { ReactNode } from 'react';
import { Button } from './button';

/** A list's detail shown in the list's place (the list is in a dialog already), with a way back. */
export function DetailInPlace({
  backLabel,
  onBack,
  children,
}: {
  backLabel: string;
  onBack(): void;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4">
      <div>
        <Button variant="secondary" onClick={onBack}>
          {backLabel}
        </Button>
      </div>
      {children}
    </div>
  );
}
