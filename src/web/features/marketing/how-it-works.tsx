import { SectionHeading } from './section-heading';

// SPEC §1: list a property, then receive bids from motivated agents; then the homeowner chooses.
const steps = [
  {
    title: 'List a property',
    text: 'Add photos and the details of your home in a few minutes. Listing is free, and a quick ownership check keeps the marketplace honest.',
  },
  {
    title: 'Receive bids from motivated agents',
    text: 'For two weeks, pre-vetted, experienced realtors bid to represent you, each with a message and their profile.',
  },
  {
    title: 'Compare and choose',
    text: 'Weigh experience, specialties and service areas side by side. When bidding closes, pick the realtor who fits you best.',
  },
];

export function HowItWorksSection() {
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-title" className="scroll-mt-8 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="how-it-works-title" eyebrow="How it works" title="Three steps to the right realtor" />
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {steps.map(({ title, text }, index) => (
            <li key={title} className="relative flex flex-col gap-3 rounded-2xl border border-border bg-card p-6 shadow-sm">
              <span
                className="flex size-10 items-center justify-center rounded-full bg-brand-hover text-base font-bold text-white"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <h3 className="text-lg font-semibold tracking-tight">
                <span className="sr-only">Step {index + 1}: </span>
                {title}
              </h3>
              <p className="text-sm leading-6 text-pretty text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
