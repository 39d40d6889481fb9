import { useRef, type ComponentProps } from 'react';
import { DialogContent } from './dialog';

/**
 * DialogContent for dialogs opened from state rather than a DialogTrigger
 * (one dialog serves every row of a list). Radix returns focus to the trigger
 * on close, and without one focus would fall to the page's start; this returns
 * it to whatever had focus when the dialog opened.
 */
export function ControlledDialogContent(props: ComponentProps<typeof DialogContent>) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <DialogContent
      {...props}
      onOpenAutoFocus={(event) => {
        // Runs before focus moves in, so the opener still has it.
        opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        props.onOpenAutoFocus?.(event);
      }}
      onCloseAutoFocus={(event) => {
        props.onCloseAutoFocus?.(event);
        if (event.defaultPrevented || opener.current === null || !opener.current.isConnected) return;
        event.preventDefault();
        opener.current.focus();
      }}
    />
  );
}
