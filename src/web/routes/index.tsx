import { createFileRoute } from '@tanstack/react-router';
import { LandingHero } from '../features/marketing/landing-hero';

export const Route = createFileRoute('/')({
  component: LandingHero,
});
