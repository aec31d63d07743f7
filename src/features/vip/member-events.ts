/**
 * "The member's tier changed" as a tiny in-page event: a redeem on the /vip page or in the user
 * menu's dialog tells the user menu to read GET /member/info again, so the tier and the VIP end
 * date it shows are current without a reload.
 */
const listeners = new Set<() => void>();

export function notifyMemberChanged(): void {
  listeners.forEach((fn) => fn());
}

export function onMemberChanged(fn: () => void): () => void {
  listeners.add(fn);
  return () => {
    listeners.delete(fn);
  };
}
