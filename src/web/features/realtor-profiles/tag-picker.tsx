import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { CheckIcon } from '../../components/ui/shell-icons';
import { cn } from '../../lib/cn';

/**
 * A multi-select tag picker (SPEC §2 /realtor-profile): every option is a
 * toggle button, pressed when chosen.
 */
export function TagPickerCard({
  title,
  description,
  options,
  selected,
  onToggle,
  error,
}: {
  title: string;
  description: string;
  options: readonly string[];
  selected: readonly string[];
  onToggle: (option: string) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const chosen = new Set(selected);

  return (
    <Card>
      <CardHeader>
        <div className="flex items-center justify-between gap-3">
          <CardTitle id={`${id}-title`}>{title}</CardTitle>
          <span className="text-xs font-medium text-muted-foreground">{chosen.size} selected</span>
        </div>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div
          role="group"
          aria-labelledby={`${id}-title`}
          aria-describedby={error === undefined ? undefined : `${id}-error`}
          className="flex flex-wrap gap-2"
        >
          {options.map((option) => {
            const on = chosen.has(option);
            return (
              <button
                key={option}
                type="button"
                aria-pressed={on}
                onClick={() => onToggle(option)}
                className={cn(
                  'inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-full border px-3 text-sm font-medium transition-colors',
                  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1',
                  on
                    ? 'border-brand-hover bg-brand-hover text-brand-foreground hover:bg-[#A12A0C]'
                    : 'border-input bg-background text-foreground hover:border-brand/50 hover:bg-brand-soft',
                )}
              >
                {on && <CheckIcon className="size-3.5" />}
                {option}
              </button>
            );
          })}
        </div>
        {error !== undefined && (
          <p id={`${id}-error`} className="text-sm text-destructive">
            {error}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
