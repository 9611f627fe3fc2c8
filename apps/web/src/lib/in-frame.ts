/** Whether this page runs inside a frame (a merchant's iframe). */
export function isInFrame(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    // A cross-origin parent can make window.top unreadable: that is a frame too.
    return true;
  }
}
