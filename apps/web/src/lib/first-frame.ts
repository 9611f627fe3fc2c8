/**
 * The console's first frame goes before its talk with the API. A returning operator's console
 * draws at once from the remembered user; if the page's data requests, the current-user re-check
 * and the realtime connection started in that same commit, their setup would run before the
 * browser paints it, and on a phone the shell would show that much later. They start right after
 * the first frame instead (main.tsx holds them; customer pages and tests do not).
 */
let release: () => void = () => undefined;
let firstFrame: Promise<void> = Promise.resolve();
let isHeld = false;

/** Resolves once the app's first commit has been painted (at once unless main.tsx held it). */
export function afterFirstFrame(): Promise<void> {
  return firstFrame;
}

/** main.tsx, before the first render: API requests and the realtime connection wait for the first frame. */
export function holdUntilFirstFrame(): void {
  if (isHeld) return;
  isHeld = true;
  firstFrame = new Promise((resolve) => {
    release = resolve;
  });
}

/**
 * The root layout's first commit: the browser paints it at its next frame, and what waits goes
 * right after that frame. A hidden tab paints no frames, so there the requests go at once, and
 * after a second at most in any case.
 */
export function firstCommitDone(): void {
  if (document.visibilityState === 'hidden') {
    release();
    return;
  }
  document.addEventListener('visibilitychange', () => release(), { once: true });
  requestAnimationFrame(() => setTimeout(release, 0));
  setTimeout(release, 1000);
}
