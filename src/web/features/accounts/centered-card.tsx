import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { cn } from '../../lib/cn';

type Tone = 'brand' | 'success' | 'destructive';

const toneClasses: Record<Tone, string> = {
  brand: 'bg-brand-soft text-brand',
  success: 'bg-emerald-50 text-emerald-600',
  destructive: 'bg-red-50 text-destructive',
};

/** One card in the middle of the page, for the password screens' states. */
export function CenteredCard({
  icon,
  tone = 'brand',
  title,
  description,
  children,
}: {
  icon: ReactNode;
  tone?: Tone;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="flex w-full flex-1 items-start justify-center px-4 py-10 sm:items-center sm:py-16">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className={cn('mb-2 flex size-12 items-center justify-center rounded-full', toneClasses[tone])} aria-hidden="true">
            <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              {icon}
            </svg>
          </span>
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <CardDescription className="text-pretty">{description}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">{children}</CardContent>
      </Card>
    </main>
  );
}

export const mailIcon = (
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </>
);
export const keyIcon = (
  <>
    <circle cx="8" cy="15" r="4" />
    <path d="m10.8 12.2 8.2-8.2M16 7l3 3M14 9l2 2" />
  </>
);
export const checkIcon = <path d="M20 6 9 17l-5-5" />;
export const alertIcon = (
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 8v4M12 16h.01" />
  </>
);
