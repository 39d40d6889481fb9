import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useState } from 'react';
import type { BidEmails, NotificationPreferencesInput, NotificationSettings } from '../../../contract/notifications/notifications';
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

const LISTING_CHOICES: Choice<BidEmails>[] = [
  { value: 'instant', label: 'Each new listing', hint: 'An email as soon as a listing goes live in one of your service areas.' },
  { value: 'daily', label: 'Daily listing digest', hint: 'One email a day (from 08:00 UTC) with the listings since the last one.' },
  { value: 'none', label: 'No listing emails', hint: 'New listings still show in the bell and on Home.' },
];

type Group = { key: 'bidEmails' | 'outcomeEmails' | 'listingEmails'; legend: string; choices: Choice<string>[]; saved: string };

/** The radio groups a role sees, each with the choice saved (outcome mails as on/off). */
function groupsOf(settings: NotificationSettings): Group[] {
  if (settings.role === 'homeowner') return [{ key: 'bidEmails', legend: 'Bid emails', choices: BID_CHOICES, saved: settings.bidEmails }];
  return [
    { key: 'outcomeEmails', legend: 'Selection outcome emails', choices: OUTCOME_CHOICES, saved: settings.outcomeEmails ? 'on' : 'off' },
    // New listings in the realtor's service areas (docs/decisions/0060).
    { key: 'listingEmails', legend: 'New listing emails', choices: LISTING_CHOICES, saved: settings.listingEmails },
  ];
}

const savedKey = (settings: NotificationSettings) => groupsOf(settings).map((group) => group.saved).join('|');

/**
 * Notifications, on both profile pages (docs/decisions/0043, 0060): a homeowner
 * chooses how bids are emailed; a realtor whether selection outcomes are, and
 * how new listings in their service areas are.
 */
export function NotificationSettingsCard() {
  const settings = useQuery(notificationSettingsQuery());
  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
        <CardDescription>
          {settings.data?.role === 'realtor'
            ? 'Choose whether we email you when a homeowner makes their selection, and about new listings in your service areas.'
            : 'Choose how we email you about bids on your listings.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isError ? (
          <ErrorState title="Failed to load your notification settings" error={settings.error} onRetry={() => void settings.refetch()} />
        ) : settings.data === undefined ? (
          <SkeletonRows rows={3} label="Loading your notification settings" />
        ) : (
          // Keyed by the saved choices, so a save elsewhere (another tab) resets the draft.
          <SettingsForm key={savedKey(settings.data)} settings={settings.data} />
        )}
      </CardContent>
    </Card>
  );
}

function SettingsForm({ settings }: { settings: NotificationSettings }) {
  const groups = groupsOf(settings);
  const [choices, setChoices] = useState<Record<string, string>>(() => Object.fromEntries(groups.map((group) => [group.key, group.saved])));
  const save = useSaveNotificationSettings();
  const changed = groups.filter((group) => choices[group.key] !== group.saved);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body: NotificationPreferencesInput = {};
    for (const group of changed) {
      const choice = choices[group.key] ?? group.saved;
      if (group.key === 'outcomeEmails') body.outcomeEmails = choice === 'on';
      else body[group.key] = choice as BidEmails;
    }
    save.mutate(body, {
      onSuccess: () => toast({ title: 'Notification settings saved' }),
      onError: (error) => toast({ variant: 'destructive', title: 'Failed to save notification settings', description: readErrorMessage(error) }),
    });
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-6">
      {groups.map((group) => (
        <fieldset key={group.key} className="grid gap-3">
          <legend className="mb-3 text-sm font-medium">{group.legend}</legend>
          <RadioGroup value={choices[group.key] ?? group.saved} onValueChange={(value) => setChoices((current) => ({ ...current, [group.key]: value }))} aria-label={group.legend}>
            {group.choices.map((option) => {
              const id = `notifications-${group.key}-${option.value}`;
              return (
                <div key={option.value} className="flex items-start gap-3">
                  <RadioGroupItem value={option.value} id={id} aria-describedby={`${id}-hint`} />
                  <div className="grid gap-1">
                    <Label htmlFor={id}>{option.label}</Label>
                    <p id={`${id}-hint`} className="text-sm text-muted-foreground">
                      {option.hint}
                    </p>
                  </div>
                </div>
              );
            })}
          </RadioGroup>
        </fieldset>
      ))}
      <div>
        <Button type="submit" disabled={changed.length === 0 || save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
