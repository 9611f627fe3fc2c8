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
    vi.resetModules();
    const fresh = await import('./first-frame');
    const observers: {
      callback: PerformanceObserverCallback;
      options?: PerformanceObserverInit;
      disconnected: boolean;
    }[] = [];
    class FakeObserver {
      static supportedEntryTypes = ['largest-contentful-paint'];
      readonly record: (typeof observers)[number];
      constructor(callback: PerformanceObserverCallback) {
        this.record = { callback, disconnected: false };
        observers.push(this.record);
      }
      observe(options: PerformanceObserverInit) {
        this.record.options = options;
      }
      disconnect() {
        this.record.disconnected = true;
      }
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const painted = vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    try {
      fresh.holdUntilFirstFrame();
      let released = false;
      void fresh.afterFirstFrame().then(() => {
        released = true;
      });
      fresh.firstCommitDone();
      await delay(30);
      expect(released).toBe(false);
      // A paint reported before the observer existed counts too.
      expect(observers[0]?.options).toMatchObject({ type: 'largest-contentful-paint', buffered: true });

      observers[0]?.callback(
        { getEntries: () => [{ startTime: performance.now() }] } as unknown as PerformanceObserverEntryList,
        {} as PerformanceObserver,
      );
      await delay(0);
      expect(released).toBe(true);
      expect(observers[0]?.disconnected).toBe(true);
    } finally {
      painted.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it('goes after the frames, not a largest paint, once the reader has touched the page (which ends the reports)', async () => {
    vi.resetModules();
    const fresh = await import('./first-frame');
    const observe = vi.fn();
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        static supportedEntryTypes = ['largest-contentful-paint'];
        observe = observe;
        disconnect() {}
      },
    );
    const frames: FrameRequestCallback[] = [];
    const painted = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    try {
      fresh.holdUntilFirstFrame();
      let released = false;
      void fresh.afterFirstFrame().then(() => {
        released = true;
      });
      window.dispatchEvent(new Event('pointerdown'));
      fresh.firstCommitDone();
      for (let frame = 0; frames.length > 0 && frame < 10; frame += 1) frames.shift()?.(frame * 16);
      await delay(0);
      expect(released).toBe(true);
      expect(observe).not.toHaveBeenCalled();
    } finally {
      painted.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it('lets the current-user check go right after a first frame that is only the spinner, which no largest paint reports', async () => {
    vi.resetModules();
    const fresh = await import('./first-frame');
    const observe = vi.fn();
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        static supportedEntryTypes = ['largest-contentful-paint'];
        observe = observe;
        disconnect() {}
      },
    );
    const frames: FrameRequestCallback[] = [];
    const painted = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    try {
      fresh.holdUntilFirstFrame({ withText: false });
      let released = false;
      void fresh.afterFirstFrame().then(() => {
        released = true;
      });
      fresh.firstCommitDone();
      frames.shift()?.(0);
      frames.shift()?.(16);
      await delay(0);
      expect(released).toBe(true);
      expect(observe).not.toHaveBeenCalled();
    } finally {
      painted.mockRestore();
      vi.unstubAllGlobals();
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
