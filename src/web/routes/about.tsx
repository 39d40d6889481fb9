import { createFileRoute } from '@tanstack/react-router';
import { QuickInquiryForm } from '../features/contact/quick-inquiry-form';
import { AboutPage } from '../features/marketing/about-page';

export const Route = createFileRoute('/about')({
  head: () => ({
    meta: [
      { title: 'About · BidHome' },
      {
        name: 'description',
        content:
          'BidHome lets homeowners list for free and receive bids from pre-vetted, experienced realtors. Learn how it works and who we are.',
      },
    ],
  }),
  component: AboutRoute,
});

function AboutRoute() {
  return <AboutPage inquiryForm={<QuickInquiryForm />} />;
}
