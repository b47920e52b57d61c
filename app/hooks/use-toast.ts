import { useSyncExternalStore } from "react";
import type { ReactNode } from "react";

/** Spec 000 §3 Toast. At most one is shown: a new toast replaces the current one. */
export type ToastData = {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  variant?: "default" | "destructive";
  /** Called once the toast is on screen (toast-region.tsx), for whoever must not move on before it is seen. */
  onShown?: () => void;
};

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

let toasts: ToastData[] = [];
const listeners = new Set<() => void>();
let counter = 0;
let pinned = false;

function emit() {
  for (const listener of listeners) listener();
}

export function toast(input: Omit<ToastData, "id">): { id: string; dismiss: () => void } {
  if (pinned) return { id: "", dismiss: () => undefined };
  const id = `t${++counter}`;
  toasts = [{ ...input, id }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return { id, dismiss: () => dismissToast(id) };
}

/**
 * A toast that later toasts do not replace, for the moment before the page leaves (the "logged out" toast
 * would otherwise give way at once to the failed call's own error toast).
 */
export function pinToast(input: Omit<ToastData, "id">): { id: string; dismiss: () => void } {
  const shown = toast(input);
  pinned = true;
  return shown;
}

export function dismissToast(id?: string) {
  toasts = id ? toasts.filter((t) => t.id !== id) : [];
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const serverSnapshot: ToastData[] = [];

export function useToasts(): ToastData[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => serverSnapshot,
  );
}

export function useToast() {
  return { toast, dismiss: dismissToast, toasts: useToasts() };
}
