import { lazy } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { publicPageHead } from '../../contract/site-pages';
import { WhenNear } from '../components/when-near';
import { Skeleton } from '../components/ui/skeleton';
import { LandingPage } from '../features/marketing/landing-page';

export const Route = createFileRoute('/')({
  head: () => publicPageHead('/'),
  component: LandingRoute,
});

// The form sits at the foot of the page: its code loads as a visitor scrolls toward it (docs/decisions/0044-first-load.md).
const ContactForm = lazy(() => import('../features/prospects/contact-form').then(({ ContactForm }) => ({ default: ContactForm })));

function LandingRoute() {
  return (
    <LandingPage
      contactForm={
        <WhenNear placeholder={<ContactFormPlaceholder />}>
          <ContactForm page="landing" />
        </WhenNear>
      }
    />
  );
}

/** The form's outline, the same height, so nothing moves when it arrives. */
function ContactFormPlaceholder() {
  return (
    <div className="grid gap-5" role="status">
      <span className="sr-only">Loading the contact form</span>
      {['Email', 'I am a'].map((label) => (
        <div key={label} className="grid gap-2">
          <Skeleton className="h-4 w-20" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
      <div className="grid gap-2">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-32 w-full" />
      </div>
      <Skeleton className="h-10 w-full sm:ml-auto sm:w-36" />
    </div>
  );
}
