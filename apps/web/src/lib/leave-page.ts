/** Leaves for another page (a full load: the customer pages have no router). */
export function leavePageFor(url: string): void {
  window.location.assign(url);
}
