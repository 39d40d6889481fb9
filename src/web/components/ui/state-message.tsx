import type { ReactNode } from 'react';
import { AlertCircleIcon, ShieldIcon } from './icons';
import { CheckIcon } from './shell-icons';

const tones = {
  success: { box: 'border-emerald-200 bg-emerald-50 text-emerald-950', icon: <CheckIcon className="size-5 text-emerald-600" /> },
  warning: { box: 'border-amber-200 bg-amber-50 text-amber-950', icon: <AlertCircleIcon className="size-5 text-amber-600" /> },
  danger: { box: 'border-red-200 bg-red-50 text-red-950', icon: <AlertCircleIcon className="size-5 text-red-600" /> },
  neutral: { box: 'border-border bg-muted/60 text-foreground', icon: <ShieldIcon className="size-5 text-neutral-600" /> },
} as const;

/** A state of a verification (a homeowner's bill, a realtor's licence): its title and what it means, in the tone of the state. */
export function StateMessage({ tone, title, children }: { tone: keyof typeof tones; title: string; children: ReactNode }) {
  return (
    <div className={`flex gap-3 rounded-lg border p-4 ${tones[tone].box}`}>
      <span className="shrink-0">{tones[tone].icon}</span>
      <div className="grid min-w-0 gap-1 break-words">
        <h3 className="font-semibold">{title}</h3>
        <p className="text-sm">{children}</p>
      </div>
    </div>
  );
}
