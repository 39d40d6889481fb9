import { useRef, type KeyboardEvent as ReactKeyboardEvent } from 'react';

/*
 * Escape belongs to the dialog, alert or panel the focus is in. Radix hands
 * Escape to the newest dismissable layer, and a toast that arrives while a
 * dialog is open (a reward, a listing alert) is newer than the dialog: the
 * Escape would close the toast and leave the dialog standing. So a toast holds
 * back an Escape pressed inside another layer (the toast stays), and that
 * layer's content closes itself on it, as if the Escape had reached it.
 */
const heldBack = new WeakSet<Event>();

const LAYERS = '[role="dialog"], [role="alertdialog"]';

/** A toast's `onEscapeKeyDown`: leaves an Escape pressed inside a dialog to that dialog. */
export function holdEscapeForFocusedLayer(event: KeyboardEvent): void {
  if (!(event.target instanceof Element) || event.target.closest(LAYERS) === null) return;
  event.preventDefault();
  heldBack.add(event);
}

/**
 * For a layer's content: `closeRef` goes on a close button of the layer (a
 * hidden one will do), `onKeyDown` on the content. An Escape a toast held back
 * presses that button, unless the content's own `onEscapeKeyDown` refuses it.
 */
export function useHeldEscape(
  onEscapeKeyDown: ((event: KeyboardEvent) => void) | undefined,
  onKeyDown: ((event: ReactKeyboardEvent<HTMLDivElement>) => void) | undefined,
) {
  const closeRef = useRef<HTMLButtonElement>(null);
  return {
    closeRef,
    onKeyDown: (event: ReactKeyboardEvent<HTMLDivElement>) => {
      onKeyDown?.(event);
      if (!heldBack.has(event.nativeEvent)) return;
      heldBack.delete(event.nativeEvent);
      const escape = new KeyboardEvent('keydown', { key: 'Escape', cancelable: true });
      onEscapeKeyDown?.(escape);
      if (!escape.defaultPrevented) closeRef.current?.click();
    },
  };
}
