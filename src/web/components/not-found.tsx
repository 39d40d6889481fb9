import { Link } from '@tanstack/react-router';
import { buttonVariants } from './ui/button';
import { NOT_FOUND_HEAD } from '../../contract/site-pages';

/** The tab's title on the not-found page (the root layout sets it): index.html's is the landing page's. */
export const NOT_FOUND_TITLE = NOT_FOUND_HEAD.title;

export function NotFound() {
  return (
    <main className="mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <div className="flex size-16 items-center justify-center rounded-full bg-brand-soft text-brand" aria-hidden="true">
        <svg viewBox="0 0 24 24" className="size-8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />
          <path d="M10.5 11.5h3" />
        </svg>
      </div>
      <h1 className="text-2xl font-bold tracking-tight">404 Page Not Found</h1>
      <p className="text-muted-foreground">Did you forget to add the page to the router?</p>
      <Link to="/" className={buttonVariants({ variant: 'outline', className: 'mt-2' })}>
        Back to home
      </Link>
    </main>
  );
}
