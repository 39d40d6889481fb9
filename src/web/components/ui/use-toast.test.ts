import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToastState, reduceToasts, TOAST_REMOVE_DELAY_MS, toast } from './use-toast';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  dismissToast();
  vi.runAllTimers();
  vi.useRealTimers();
});

describe('toast store', () => {
  it('shows at most one toast: a new one replaces the current one', () => {
    toast({ title: 'Login failed', variant: 'destructive' });
    toast({ title: 'Password updated' });

    expect(getToastState().toasts).toMatchObject([{ title: 'Password updated', open: true }]);
  });

  it('keeps a dismissed toast, closed, for the removal delay, then removes it', () => {
    const { dismiss } = toast({ title: 'Property deleted', description: 'It is gone.' });

    dismiss();
    expect(getToastState().toasts).toMatchObject([{ title: 'Property deleted', open: false }]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(getToastState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToastState().toasts).toHaveLength(0);
    expect(TOAST_REMOVE_DELAY_MS).toBe(10_000);
  });

  it('keeps the variant and lets a shown toast be updated', () => {
    const shown = toast({ title: 'Failed to send email', variant: 'destructive' });
    shown.update({ description: '500: {"message":"Mail is down"}' });

    expect(getToastState().toasts).toMatchObject([
      { title: 'Failed to send email', variant: 'destructive', description: '500: {"message":"Mail is down"}' },
    ]);
  });

  it('dismisses everything when no id is given', () => {
    const state = reduceToasts(
      { toasts: [{ id: '1', title: 'a', open: true }, { id: '2', title: 'b', open: true }] },
      { type: 'dismiss' },
    );
    expect(state.toasts.map((t) => t.open)).toEqual([false, false]);
  });
});
