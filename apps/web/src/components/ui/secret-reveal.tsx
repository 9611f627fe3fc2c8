import { useId } from 'react';
import { useCopyToClipboard } from '../../hooks/use-copy-to-clipboard';
import { Button } from './button';

type SecretRevealProps = { value: string; label: string; warning: string; copyLabel: string };

/**
 * A secret shown once (a device token, a webhook signing secret): the server keeps only its hash
 * or a sealed copy, so closing this is the last chance to copy it.
 */
export function SecretReveal({ value, label, warning, copyLabel }: SecretRevealProps) {
  const copy = useCopyToClipboard();
  const inputId = useId();
  return (
    <div className="flex flex-col gap-3">
      <p
        role="alert"
        className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      >
        {warning}
      </p>
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={inputId}
        readOnly
        value={value}
        onFocus={(event) => event.target.select()}
        className="w-full rounded-md border border-gray-300 bg-gray-50 px-3 py-2 font-mono text-sm break-all dark:border-gray-600 dark:bg-gray-800"
      />
      <Button variant="primary" className="self-start" onClick={() => void copy(value)}>
        {copyLabel}
      </Button>
    </div>
  );
}
