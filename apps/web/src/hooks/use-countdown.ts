import { useEffect, useState } from 'react';

/** Whole seconds until `deadline` by the server's clock (this device's clock + offset), never below 0. */
function secondsLeft(deadline: string, clockOffsetMs: number): number {
  return Math.max(0, Math.floor((Date.parse(deadline) - (Date.now() + clockOffsetMs)) / 1000));
}

export function useCountdown(deadline: string, clockOffsetMs: number): number {
  const [seconds, setSeconds] = useState(() => secondsLeft(deadline, clockOffsetMs));
  useEffect(() => {
    setSeconds(secondsLeft(deadline, clockOffsetMs));
    const timer = setInterval(() => setSeconds(secondsLeft(deadline, clockOffsetMs)), 1000);
    return () => clearInterval(timer);
  }, [deadline, clockOffsetMs]);
  return seconds;
}

/** 905 → "15:05"; an hour or more → "1:00:05". */
export function formatCountdown(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const mm = String(minutes).padStart(hours > 0 ? 2 : 1, '0');
  const ss = String(seconds).padStart(2, '0');
  return hours > 0 ? `${hours}:${mm}:${ss}` : `${mm}:${ss}`;
}
