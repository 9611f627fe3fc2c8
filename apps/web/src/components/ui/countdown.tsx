import { formatCountdown, useCountdown } from '../../hooks/use-countdown';

type CountdownProps = { label: string; expiresAt: string; clockOffsetMs: number };

/** The time left (to pay, to confirm), by the server's clock. */
export function Countdown({ label, expiresAt, clockOffsetMs }: CountdownProps) {
  const seconds = useCountdown(expiresAt, clockOffsetMs);
  return (
    <p className="flex items-center justify-between rounded-md bg-yellow-50 px-3 py-2 text-sm text-yellow-900 dark:bg-yellow-950 dark:text-yellow-100">
      <span>{label}</span>
      <time className="font-mono text-base font-semibold" dateTime={`PT${seconds}S`}>
        {formatCountdown(seconds)}
      </time>
    </p>
  );
}
