import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useState } from 'react';
import type { BidEmails, NotificationSettings } from '../../../contract/notifications';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ErrorState } from '../../components/ui/error-state';
import { Label } from '../../components/ui/label';
import { RadioGroup, RadioGroupItem } from '../../components/ui/radio-group';
import { SkeletonRows } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { readErrorMessage } from '../../lib/api';
import { notificationSettingsQuery, useSaveNotificationSettings } from './queries';

interface Choice<V extends string> {
  value: V;
  label: string;
  hint: string;
}

const BID_CHOICES: Choice<BidEmails>[] = [
  { value: 'instant', label: 'Every bid', hint: 'An email as soon as a realtor bids on one of your listings.' },
  { value: 'daily', label: 'Daily digest', hint: 'One email a day (from 08:00 UTC) counting the bids since the last one, by listing.' },
  { value: 'none', label: 'No bid emails', hint: 'Bids still show on your listings.' },
];

const OUTCOME_CHOICES: Choice<'on' | 'off'>[] = [
  { value: 'on', label: 'Email me the outcome', hint: 'Whether a homeowner selected your bid or another realtor’s, with their contact details when it is yours.' },
  { value: 'off', label: 'No outcome emails', hint: 'Selections still show on your bids and in Contact shared.' },
];

/** The choice as the radio group holds it: the homeowner's bid mails, or the realtor's outcome mails as on/off. */
const choiceOf = (settings: NotificationSettings): string => (settings.role === 'homeowner' ? settings.bidEmails : settings.outcomeEmails ? 'on' : 'off');

/**
 * Notifications, on both profile pages (docs/decisions/0043): a homeowner
 * chooses how bids are emailed, a realtor whether selection outcomes are.
 */
export function NotificationSettingsCard() {
  const settings = useQuery(notificationSettingsQuery());
  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
        <CardDescription>
          {settings.data?.role === 'realtor' ? 'Choose whether we email you when a homeowner makes their selection.' : 'Choose how we email you about bids on your listings.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isError ? (
          <ErrorState title="Failed to load your notification settings" error={settings.error} onRetry={() => void settings.refetch()} />
        ) : settings.data === undefined ? (
          <SkeletonRows rows={3} label="Loading your notification settings" />
        ) : (
          // Keyed by the saved choice, so a save elsewhere (another tab) resets the draft.
          <SettingsForm key={choiceOf(settings.data)} settings={settings.data} />
        )}
      </CardContent>
    </Card>
  );
}

function SettingsForm({ settings }: { settings: NotificationSettings }) {
  const saved = choiceOf(settings);
  const [choice, setChoice] = useState(saved);
  const save = useSaveNotificationSettings();
  const choices: Choice<string>[] = settings.role === 'homeowner' ? BID_CHOICES : OUTCOME_CHOICES;
  const legend = settings.role === 'homeowner' ? 'Bid emails' : 'Selection outcome emails';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = settings.role === 'homeowner' ? { bidEmails: choice as BidEmails } : { outcomeEmails: choice === 'on' };
    save.mutate(body, {
      onSuccess: () => toast({ title: 'Notification settings saved' }),
      onError: (error) => toast({ variant: 'destructive', title: 'Failed to save notification settings', description: readErrorMessage(error) }),
    });
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-4">
      <fieldset className="grid gap-3">
        <legend className="mb-3 text-sm font-medium">{legend}</legend>
        <RadioGroup value={choice} onValueChange={setChoice} aria-label={legend}>
          {choices.map((option) => (
            <div key={option.value} className="flex items-start gap-3">
              <RadioGroupItem value={option.value} id={`notifications-${option.value}`} aria-describedby={`notifications-${option.value}-hint`} />
              <div className="grid gap-1">
                <Label htmlFor={`notifications-${option.value}`}>{option.label}</Label>
                <p id={`notifications-${option.value}-hint`} className="text-sm text-muted-foreground">
                  {option.hint}
                </p>
              </div>
            </div>
          ))}
        </RadioGroup>
      </fieldset>
      <div>
        <Button type="submit" disabled={choice === saved || save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
