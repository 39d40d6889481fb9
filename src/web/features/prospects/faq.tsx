// Answers drawn from the product's rules (SPEC §1, §4, §9), so they stay true.
const questions: ReadonlyArray<{ question: string; answer: string }> = [
  {
    question: 'How much does BidHome cost?',
    answer:
      'Listing a property is free for homeowners. Realtors buy bid credits and spend 1 credit per bid: $15 for 1 credit, $36 for 3 credits or $55 for 5 credits.',
  },
  {
    question: 'Who can bid on my property?',
    answer: 'Only pre-vetted, experienced realtors can bid. You see each bidder’s profile with their bid.',
  },
  {
    question: 'How long does bidding last?',
    answer: 'The bidding period is 2 weeks from the day you list. Realtors’ contact details stay hidden until it closes, then you choose.',
  },
  {
    question: 'How do I show that I own the property?',
    answer:
      'Upload a gas, electric, water or internet bill from the last 3 months that shows your full name and the complete address. We review it within 1-2 business days.',
  },
  {
    question: 'When will I hear back?',
    answer: 'Support replies within 24 hours, by email, to the address you give us.',
  },
];

/** Native <details>: keyboard-usable and announced as expandable without any script. */
export function Faq() {
  return (
    <div className="divide-y divide-border rounded-xl border border-border bg-card">
      {questions.map(({ question, answer }) => (
        <details key={question} className="group px-5 py-4 [&_summary::-webkit-details-marker]:hidden">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
            {question}
            <svg
              viewBox="0 0 24 24"
              className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <path d="m6 9 6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </summary>
          <p className="mt-3 text-sm leading-6 text-pretty text-muted-foreground">{answer}</p>
        </details>
      ))}
    </div>
  );
}
