import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../features/contact/contact-page';

export const Route = createFileRoute('/contact')({
  head: () => ({
    meta: [
      { title: 'Contact · BidHome' },
      {
        name: 'description',
        content: 'Questions about listing your home or bidding as a realtor? Send BidHome a message. Support replies within 24 hours.',
      },
    ],
  }),
  component: ContactPage,
});
