import type { ComponentProps } from 'react';
import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn';
import { buttonVariants, type ButtonVariant } from './button';
import { useHeldEscape } from './held-escape';
import { useReturnFocus } from './return-focus';

/*
 * A confirmation that needs an answer: Escape cancels, an outside click does
 * not. Often opened from state (one dialog per list), where Radix has no
 * trigger to return focus to; the content remembers what had focus when it
 * opened and returns it there, so keyboard users keep their place.
 */
export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;

/** The alert's box; closing it returns focus to what opened it (see `useReturnFocus`). */
export function AlertDialogContent({
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  fallbackFocus,
  onEscapeKeyDown,
  onKeyDown,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Content> & { fallbackFocus?: () => HTMLElement | null }) {
  const returnFocus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus, fallbackFocus });
  const heldEscape = useHeldEscape(onEscapeKeyDown, onKeyDown);
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out" />
      <AlertDialogPrimitive.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto',
          'rounded-xl border border-border bg-background p-6 shadow-lg',
          'data-[state=open]:animate-dialog-in data-[state=closed]:animate-dialog-out',
          className,
        )}
        onEscapeKeyDown={onEscapeKeyDown}
        onKeyDown={heldEscape.onKeyDown}
        {...props}
        {...returnFocus}
      >
        {children}
        <AlertDialogPrimitive.Action ref={heldEscape.closeRef} hidden tabIndex={-1} />
      </AlertDialogPrimitive.Content>
    </AlertDialogPrimitive.Portal>
  );
}

export function AlertDialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-2 text-center sm:text-left', className)} {...props} />;
}

export function AlertDialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export function AlertDialogTitle({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Title>) {
  return <AlertDialogPrimitive.Title className={cn('text-lg font-semibold', className)} {...props} />;
}

export function AlertDialogDescription({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Description>) {
  return <AlertDialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

export function AlertDialogCancel({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Cancel>) {
  return <AlertDialogPrimitive.Cancel className={buttonVariants({ variant: 'outline', className })} {...props} />;
}

/**
 * The confirming button. It does not close the dialog by itself (a plain
 * button, not Radix's Action), so the caller closes it once the request has
 * succeeded and a failure leaves it open to try again.
 */
export function AlertDialogConfirm({
  className,
  variant = 'destructive',
  ...props
}: ComponentProps<'button'> & { variant?: ButtonVariant }) {
  return <button type="button" className={buttonVariants({ variant, className })} {...props} />;
}
