import { createFileRoute } from '@tanstack/react-router';
import { publicPageHead } from '../../contract/site-pages';
import { QuickInquiryForm } from '../features/prospects/quick-inquiry-form';
import { AboutPage } from '../features/marketing/about-page';

export const Route = createFileRoute('/about')({
  head: () => publicPageHead('/about'),
  component: AboutRoute,
});

function AboutRoute() {
  return <AboutPage inquiryForm={<QuickInquiryForm />} />;
}
