/**
 * Runs in the page (each function is serialised by page.evaluate, so it uses nothing from this
 * module): records the interval between animation frames and the long tasks the main thread ran.
 * A frame interval is what a person sees: 16.7 ms at 60 Hz; a long one is a stutter.
 */
export type FrameSample = { frames: number[]; longTasksMs: number[] };

type ProbeState = FrameSample & { last: number };
/** The few browser globals the probe uses (the bench compiles without the DOM library). */
type PageGlobals = {
  requestAnimationFrame(callback: (now: number) => void): number;
  PerformanceObserver: new (
    callback: (list: { getEntries(): { duration: number }[] }) => void,
  ) => { observe(options: { entryTypes: string[] }): void };
  __frameProbe?: ProbeState;
};

export function installFrameProbe(): void {
  const page = globalThis as unknown as PageGlobals;
  const state: ProbeState = { frames: [], longTasksMs: [], last: 0 };
  page.__frameProbe = state;
  const tick = (now: number) => {
    if (state.last > 0) state.frames.push(now - state.last);
    state.last = now;
    page.requestAnimationFrame(tick);
  };
  page.requestAnimationFrame(tick);
  new page.PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.longTasksMs.push(entry.duration);
  }).observe({ entryTypes: ['longtask'] });
}

/** Starts a new window of samples (the probe keeps running). */
export function resetFrameProbe(): void {
  const state = (globalThis as unknown as PageGlobals).__frameProbe;
  if (!state) return;
  state.frames = [];
  state.longTasksMs = [];
  state.last = 0;
}

export function collectFrameProbe(): FrameSample {
  const state = (globalThis as unknown as PageGlobals).__frameProbe;
  return { frames: [...(state?.frames ?? [])], longTasksMs: [...(state?.longTasksMs ?? [])] };
}
