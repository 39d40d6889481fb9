import { createFileRoute } from '@tanstack/react-router';
import { publicPageHead } from '../../contract/site-pages';
import { ContactPage } from '../features/prospects/contact-page';

export const Route = createFileRoute('/contact')({
  head: () => publicPageHead('/contact'),
  component: ContactPage,
});
