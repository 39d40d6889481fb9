import { useRef } from 'react';

type AutoFocusHandler = (event: Event) => void;

/**
 * Radix returns focus to a dialog's trigger on close; dialogs opened from
 * state (one dialog serves every row of a list, a menu item opens it) have
 * none, and focus would fall to the page's start. These handlers return it to
 * whatever had focus when the dialog opened, if that is still on the page, or
 * else to `fallbackFocus` (what replaced the opener, such as Edit Bid once
 * Place Bid has done its work).
 */
export function useReturnFocus({
  onOpenAutoFocus,
  onCloseAutoFocus,
  fallbackFocus,
}: {
  onOpenAutoFocus?: AutoFocusHandler;
  onCloseAutoFocus?: AutoFocusHandler;
  fallbackFocus?: () => HTMLElement | null;
}): { onOpenAutoFocus: AutoFocusHandler; onCloseAutoFocus: AutoFocusHandler } {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event) => {
      // Runs before focus moves in, so the opener still has it.
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event) => {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const target = opener.current?.isConnected ? opener.current : (fallbackFocus?.() ?? null);
      if (target === null) return;
      event.preventDefault();
      target.focus();
    },
  };
}
