import { createFileRoute } from '@tanstack/react-router';
import { ContactForm } from '../features/contact/contact-form';
import { LandingPage } from '../features/marketing/landing-page';

export const Route = createFileRoute('/')({
  head: () => ({
    meta: [
      { title: 'BidHome · The easiest way to find the best realtors' },
      {
        name: 'description',
        content:
          'The easiest way to find the best realtors. List your property for free and receive bids from pre-vetted, experienced agents.',
      },
    ],
  }),
  component: LandingRoute,
});

function LandingRoute() {
  return <LandingPage contactForm={<ContactForm page="landing" />} />;
}
