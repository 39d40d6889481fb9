import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { LegalDocumentType } from '../../../contract/legal/legal';
import { buttonVariants } from '../../components/ui/button';
import { FileTextIcon } from '../../components/ui/icons';
import { cn } from '../../lib/cn';
import { sitePaths } from '../../lib/site-paths';
import { DocumentContent } from './document-content';
import { legalPages } from './legal-pages';
import { legalDocumentQuery } from './queries';
import type { PublicLegalDocument } from '../../../contract/legal/legal';

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

export function formatEffectiveDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : longDate.format(date);
}

/** /legal/…: the active document of one type, readable without signing in. */
export function LegalDocumentPage({ type }: { type: LegalDocumentType }) {
  const { data: document } = useSuspenseQuery(legalDocumentQuery(type));
  return (
    <main className="mx-auto grid w-full max-w-6xl flex-1 gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,1fr)_16rem] lg:gap-16 lg:px-8 lg:py-16">
      {document === null ? <DocumentNotFound type={type} /> : <PublishedDocument document={document} />}
      <OtherDocuments current={type} />
    </main>
  );
}

function PublishedDocument({ document }: { document: PublicLegalDocument }) {
  return (
    <article className="min-w-0 max-w-3xl">
      <header className="mb-8 border-b border-border pb-6">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-hover">Legal</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">{document.title}</h1>
        <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted-foreground">
          <div className="flex gap-1.5">
            <dt>Version</dt>
            <dd className="font-medium text-foreground">{document.version}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt>Effective</dt>
            <dd className="font-medium text-foreground">
              <time dateTime={document.effectiveDate}>{formatEffectiveDate(document.effectiveDate)}</time>
            </dd>
          </div>
        </dl>
      </header>
      <DocumentContent content={document.content} />
    </article>
  );
}

// A type with no active version is a normal state (a new installation starts with none), not an error.
function DocumentNotFound({ type }: { type: LegalDocumentType }) {
  const page = legalPages[type];
  return (
    <section className="flex max-w-3xl flex-col items-start gap-4 rounded-xl border border-dashed border-border bg-card px-6 py-12 sm:px-10">
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-soft text-brand-hover" aria-hidden="true">
        <FileTextIcon className="size-6" />
      </span>
      <div>
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-hover">{page.heading}</p>
        {/* Not an error: nothing is missing, the marketplace has not published this one yet. */}
        <h1 className="mt-1 text-2xl font-bold tracking-tight">Not published yet</h1>
      </div>
      <p className="max-w-prose text-pretty text-muted-foreground">
        The {page.heading} has not been published yet. Please check back soon, or get in touch if you have a question about how BidHome
        works.
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to={sitePaths.contact} className={buttonVariants({ variant: 'outline' })}>
          Contact us
        </Link>
        <Link to={sitePaths.home} className={buttonVariants({ variant: 'ghost' })}>
          Go to the home page
        </Link>
      </div>
    </section>
  );
}

function OtherDocuments({ current }: { current: LegalDocumentType }) {
  return (
    <nav aria-label="Legal documents" className="hidden lg:sticky lg:top-24 lg:block lg:self-start">
      <h2 className="text-sm font-semibold">Legal documents</h2>
      <ul className="mt-3 flex flex-col gap-1 border-l border-border">
        {Object.entries(legalPages).map(([type, page]) => (
          <li key={type}>
            <Link
              to={page.path}
              aria-current={type === current ? 'page' : undefined}
              className={cn(
                '-ml-px block border-l-2 py-1.5 pl-4 text-sm transition-colors',
                'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                type === current
                  ? 'border-brand font-medium text-foreground'
                  : 'border-transparent text-muted-foreground hover:text-foreground',
              )}
            >
              {page.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
