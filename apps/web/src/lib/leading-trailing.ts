/**
 * Runs `run` at once, then at most once per `intervalMs`: calls in between fold into one run at
 * the end of the interval. The first change of a burst shows at once, the last is never lost, and
 * a burst costs one run per interval. `cancel` drops a pending run (on unmount).
 */
export function leadingTrailing(run: () => void, intervalMs: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending = false;
  const call = () => {
    if (timer) {
      pending = true;
      return;
    }
    run();
    timer = setTimeout(() => {
      timer = undefined;
      if (!pending) return;
      pending = false;
      call();
    }, intervalMs);
  };
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    pending = false;
  };
  return { call, cancel };
}
