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
/**
 * Whether the browser will report the first frame as a largest paint: it draws text (not only the
 * spinner), and nothing has stopped the reports before it (input, a hidden tab).
 */
let largestPaintWillTell = false;

/** After these, browsers report no more largest paints. */
const INPUT_EVENTS = ['pointerdown', 'keydown'] as const;
const LARGEST_PAINT = 'largest-contentful-paint';
const ONCE = { capture: true, once: true, passive: true } as const;

/** Resolves once the app's first commit has been painted (at once unless main.tsx held it). */
export function afterFirstFrame(): Promise<void> {
  return firstFrame;
}

/**
 * main.tsx, before the first render: API requests and the realtime connection wait for the first
 * frame. `withText: false` when that frame is only the spinner (a stored session whose user is
 * not known yet): no largest paint will report it, and the current-user check it waits for goes
 * right after it.
 */
export function holdUntilFirstFrame({ withText = true } = {}): void {
  if (isHeld) return;
  isHeld = true;
  largestPaintWillTell =
    withText &&
    document.visibilityState === 'visible' &&
    typeof PerformanceObserver !== 'undefined' &&
    (PerformanceObserver.supportedEntryTypes ?? []).includes(LARGEST_PAINT);
  const untold = () => {
    largestPaintWillTell = false;
  };
  for (const type of INPUT_EVENTS) addEventListener(type, untold, ONCE);
  document.addEventListener('visibilitychange', untold, ONCE);
  firstFrame = new Promise((resolve) => {
    release = resolve;
  });
}

/** The frame after the next one: a frame's own callback runs before its paint. */
function releaseAfterFrames(): void {
  requestAnimationFrame(() => requestAnimationFrame(() => release()));
}

/**
 * The root layout's first commit: what waits goes once the browser has shown it. Where the
 * browser reports largest paints (Chromium, Firefox), that is its first one: the splash in
 * index.html has no text, so the first is the app's. Chromium rasterizes a frame after its
 * main-thread work, and requests sent from the frame after it still went 20–40 ms before the
 * sidebar was visible. Elsewhere, after a spinner, or once the reader has touched the page (which
 * ends the reports), the frame after the next one. A hidden tab paints no frames, so there the
 * requests go at once, and after a second at most in any case.
 */
export function firstCommitDone(): void {
  if (document.visibilityState === 'hidden') {
    release();
    return;
  }
  document.addEventListener('visibilitychange', () => release(), { once: true });
  setTimeout(release, 1000);
  if (!largestPaintWillTell) {
    releaseAfterFrames();
    return;
  }
  const touched = new AbortController();
  const observer = new PerformanceObserver(() => {
    observer.disconnect();
    touched.abort();
    release();
  });
  observer.observe({ type: LARGEST_PAINT, buffered: true });
  for (const type of INPUT_EVENTS) addEventListener(type, releaseAfterFrames, { ...ONCE, signal: touched.signal });
}
