import { VIBE_CATEGORIES, type VibeMetrics } from '../../../../contract/listings/listings';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { overallVibeScore, vibeLabels } from '../format';
import { SparklesIcon } from '../../../components/ui/icons';

/** The neighbourhood vibe: six scores out of 100 and their rounded average (SPEC §2 /listing). */
export function VibeCard({ metrics }: { metrics: VibeMetrics }) {
  const overall = overallVibeScore(metrics);
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-4 space-y-0 pb-4">
        <h2 className="flex items-center gap-2 text-lg font-semibold leading-none tracking-tight">
          <SparklesIcon className="size-5 text-brand" />
          Neighbourhood Vibe
        </h2>
        <div className="text-right" data-testid="vibe-overall">
          <span className="text-2xl font-bold text-brand-hover">{overall}</span>
          <span className="text-sm text-neutral-600">/100</span>
          <p className="text-xs text-neutral-600">Overall</p>
        </div>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-4 sm:grid-cols-2">
          {VIBE_CATEGORIES.map((category) => (
            <li key={category} className="grid gap-1.5">
              <div className="flex items-center justify-between text-sm">
                <span className="font-medium">{vibeLabels[category]}</span>
                <span className="tabular-nums text-neutral-700">{metrics[category]}/100</span>
              </div>
              <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                <div className="h-full rounded-full bg-brand" style={{ width: `${metrics[category]}%` }} />
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
