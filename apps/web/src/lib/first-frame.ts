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
 * after that. A hidden tab paints no frames, so a short timer lets the requests go regardless.
 */
export function firstCommitDone(): void {
  requestAnimationFrame(() => setTimeout(release, 0));
  setTimeout(release, 100);
}
