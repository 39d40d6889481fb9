import type { ComponentProps } from 'react';
import { Popover as PopoverPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn';
import { useHeldEscape } from './held-escape';

export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;
export const PopoverClose = PopoverPrimitive.Close;

/** A panel anchored to its trigger; Escape and a click outside close it, and focus goes back to the trigger. */
export function PopoverContent({
  className,
  align = 'end',
  sideOffset = 8,
  children,
  onEscapeKeyDown,
  onKeyDown,
  ...props
}: ComponentProps<typeof PopoverPrimitive.Content>) {
  const heldEscape = useHeldEscape(onEscapeKeyDown, onKeyDown);
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        data-slot="popover-content"
        align={align}
        sideOffset={sideOffset}
        collisionPadding={8}
        className={cn('z-50 rounded-xl border border-border bg-background shadow-lg outline-none', 'data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out', className)}
        onEscapeKeyDown={onEscapeKeyDown}
        onKeyDown={heldEscape.onKeyDown}
        {...props}
      >
        {children}
        <PopoverPrimitive.Close ref={heldEscape.closeRef} hidden tabIndex={-1} />
      </PopoverPrimitive.Content>
    </PopoverPrimitive.Portal>
  );
}
