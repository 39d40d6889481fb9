import { useSyncExternalStore, type ReactElement, type ReactNode } from 'react';

// Spec section 4 'Toasts' and section 9 'Timing'.
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 10_000;
export const TOAST_DURATION_MS = 5_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ['F8'];

export type ToastVariant = 'default' | 'destructive';

/** Where toasts stack: the top on phones, where the thumb and the keyboard own the bottom; bottom-right elsewhere. */
export const TOAST_VIEWPORT_CLASS =
  'fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 outline-none sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col md:max-w-[420px]';

export type ToastInput = {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Auto-close delay in ms; defaults to TOAST_DURATION_MS. */
  duration?: number;
  action?: ReactElement;
};

export type ToastEntry = ToastInput & { id: string; open: boolean };

export type ToastState = { readonly toasts: readonly ToastEntry[] };

type Action =
  | { type: 'add'; toast: ToastEntry }
  | { type: 'update'; id: string; patch: Partial<ToastInput> }
  | { type: 'dismiss'; id?: string }
  | { type: 'remove'; id?: string };

export function reduceToasts(state: ToastState, action: Action): ToastState {
  switch (action.type) {
    case 'add':
      // Newest first; over the limit the oldest goes at once, without waiting for its removal delay.
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'update':
      return { toasts: state.toasts.map((t) => (t.id === action.id ? { ...t, ...action.patch } : t)) };
    case 'dismiss':
      return {
        toasts: state.toasts.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t)),
      };
    case 'remove':
      return { toasts: action.id === undefined ? [] : state.toasts.filter((t) => t.id !== action.id) };
    default:
      return assertNever(action);
  }
}

// Module state rather than React state: `toast()` is called from mutation
// callbacks and other places that are not components.
let state: ToastState = { toasts: [] };
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let nextId = 0;

function dispatch(action: Action): void {
  state = reduceToasts(state, action);
  for (const listener of listeners) listener();
}

// A dismissed toast stays mounted (closed) so its exit animation can play and
// screen readers are not cut off; it leaves the state after the removal delay.
function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      dispatch({ type: 'remove', id });
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function dismissToast(id?: string): void {
  const ids = id === undefined ? state.toasts.map((t) => t.id) : [id];
  for (const toastId of ids) scheduleRemoval(toastId);
  dispatch(id === undefined ? { type: 'dismiss' } : { type: 'dismiss', id });
}

export function toast(input: ToastInput): { id: string; dismiss: () => void; update: (patch: Partial<ToastInput>) => void } {
  nextId = (nextId + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(nextId);
  dispatch({ type: 'add', toast: { ...input, id, open: true } });
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (patch) => dispatch({ type: 'update', id, patch }),
  };
}

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToastState(): ToastState {
  return state;
}

export function useToast() {
  const current = useSyncExternalStore(subscribeToToasts, getToastState, getToastState);
  return { toasts: current.toasts, toast, dismiss: dismissToast };
}

function assertNever(value: never): never {
  throw new Error(`Unhandled toast action: ${JSON.stringify(value)}`);
}
