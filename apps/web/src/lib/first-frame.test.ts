import { currentUser } from '@gerbang/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { delay, stubHttp } from '../test/http-stub';
import { api } from './api-client';
import { afterFirstFrame, firstCommitDone, holdUntilFirstFrame } from './first-frame';

let restore: () => void = () => undefined;
afterEach(() => restore());

describe("the console's first frame", () => {
  it('holds API requests from main.tsx until the first commit has been painted, then sends them', async () => {
    const stub = stubHttp(() => ({ status: 200, data: { ok: true } }));
    restore = stub.restore;
    holdUntilFirstFrame();
    const answer = api.get(currentUser.path);
    await delay(30);
    expect(stub.requests).toHaveLength(0);

    firstCommitDone();
    await expect(answer).resolves.toMatchObject({ status: 200 });
    expect(stub.requests.map((request) => request.url)).toEqual([currentUser.path]);

    // Once painted, later requests go at once.
    await api.get(currentUser.path);
    expect(stub.requests).toHaveLength(2);
    await expect(afterFirstFrame()).resolves.toBeUndefined();
  });

  it("waits for the browser's first largest paint, the layout on screen, before the requests go", async () => {
    const browser = await freshFirstFrame();
    try {
      const released = browser.heldRequests();
      browser.module.firstCommitDone();
      browser.runFrames();
      await delay(30);
      expect(released()).toBe(false);
      // A paint reported before the observer existed counts too.
      expect(browser.observed()).toMatchObject({ type: 'largest-contentful-paint', buffered: true });

      browser.reportLargestPaint();
      await delay(0);
      expect(released()).toBe(true);
    } finally {
      browser.restore();
    }
  });

  it.each([
    ['once the reader has touched the page (which ends the reports)', true, undefined],
    ['after a first frame that is only the spinner, which no largest paint reports', false, { withText: false }],
  ])('lets the requests go after the frames, not a largest paint, %s', async (_, touched, options) => {
    const browser = await freshFirstFrame();
    try {
      const released = browser.heldRequests(options);
      if (touched) window.dispatchEvent(new Event('pointerdown'));
      browser.module.firstCommitDone();
      browser.runFrames();
      await delay(0);
      expect(released()).toBe(true);
      expect(browser.observed()).toBeUndefined();
    } finally {
      browser.restore();
    }
  });

  it('lets the requests go at once in a tab opened in the background, where no frame is painted', async () => {
    vi.resetModules();
    const fresh = await import('./first-frame');
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const painted = vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    try {
      fresh.holdUntilFirstFrame();
      let released = false;
      void fresh.afterFirstFrame().then(() => {
        released = true;
      });
      await delay(10);
      expect(released).toBe(false);
      fresh.firstCommitDone();
      await delay(0);
      expect(released).toBe(true);
    } finally {
      visibility.mockRestore();
      painted.mockRestore();
    }
  });
});

/**
 * A fresh first-frame module in a browser that reports largest paints: its frames run when the
 * test says, and the test reports the paint.
 */
async function freshFirstFrame() {
  vi.resetModules();
  const module = await import('./first-frame');
  let observer: { callback: PerformanceObserverCallback; options?: PerformanceObserverInit } | undefined;
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      static supportedEntryTypes = ['largest-contentful-paint'];
      constructor(callback: PerformanceObserverCallback) {
        observer = { callback };
      }
      observe(options: PerformanceObserverInit) {
        if (observer) observer.options = options;
      }
      disconnect() {}
    },
  );
  const frames: FrameRequestCallback[] = [];
  const painted = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    frames.push(callback);
    return frames.length;
  });
  return {
    module,
    /** Holds requests as main.tsx does; whether they have been let go. */
    heldRequests(options?: { withText?: boolean }) {
      module.holdUntilFirstFrame(options);
      let released = false;
      void module.afterFirstFrame().then(() => {
        released = true;
      });
      return () => released;
    },
    /** The frames asked for so far, and those they ask for. */
    runFrames() {
      for (let frame = 0; frames.length > 0 && frame < 10; frame += 1) frames.shift()?.(frame * 16);
    },
    observed: () => observer?.options,
    reportLargestPaint() {
      observer?.callback(
        { getEntries: () => [{ startTime: performance.now() }] } as unknown as PerformanceObserverEntryList,
        {} as PerformanceObserver,
      );
    },
    restore() {
      painted.mockRestore();
      vi.unstubAllGlobals();
    },
  };
}
