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
 * The root layout's first commit: what waits goes once the browser has shown it. Where the
 * browser reports largest paints (Chromium, Firefox), that is the first one after this commit:
 * the layout's text is the first on screen. Elsewhere, the frame after the next one: a frame's own
 * callback runs before its paint, and Chromium still rasterizes a frame after its main-thread
 * work, so a task queued from there started the current-user check, the realtime client and the
 * page's code before the sidebar was visible. A hidden tab paints no frames, so there the
 * requests go at once, and after a second at most in any case.
 */
export function firstCommitDone(): void {
  if (document.visibilityState === 'hidden') {
    release();
    return;
  }
  document.addEventListener('visibilitychange', () => release(), { once: true });
  setTimeout(release, 1000);
  const committedAt = performance.now();
  if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes(LARGEST_PAINT)) {
    const observer = new PerformanceObserver((entries) => {
      if (!entries.getEntries().some((entry) => entry.startTime >= committedAt)) return;
      observer.disconnect();
      release();
    });
    observer.observe({ type: LARGEST_PAINT });
    return;
  }
  requestAnimationFrame(() => requestAnimationFrame(() => release()));
}

const LARGEST_PAINT = 'largest-contentful-paint';
