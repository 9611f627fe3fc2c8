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

  it("waits for the browser's first largest paint after the layout's commit, not an earlier one", async () => {
    vi.resetModules();
    const fresh = await import('./first-frame');
    const observers: { callback: PerformanceObserverCallback; disconnected: boolean }[] = [];
    class FakeObserver {
      static supportedEntryTypes = ['largest-contentful-paint'];
      readonly record: { callback: PerformanceObserverCallback; disconnected: boolean };
      constructor(callback: PerformanceObserverCallback) {
        this.record = { callback, disconnected: false };
        observers.push(this.record);
      }
      observe() {}
      disconnect() {
        this.record.disconnected = true;
      }
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const paint = (startTime: number) =>
      observers[0]?.callback(
        { getEntries: () => [{ startTime }] } as unknown as PerformanceObserverEntryList,
        {} as PerformanceObserver,
      );
    try {
      fresh.holdUntilFirstFrame();
      let released = false;
      void fresh.afterFirstFrame().then(() => {
        released = true;
      });
      fresh.firstCommitDone();
      // A paint from before the commit (the splash) is not the layout on screen.
      paint(performance.now() - 50);
      await delay(30);
      expect(released).toBe(false);

      paint(performance.now());
      await delay(0);
      expect(released).toBe(true);
      expect(observers[0]?.disconnected).toBe(true);
    } finally {
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
