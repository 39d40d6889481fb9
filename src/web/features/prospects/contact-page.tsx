import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { ContactForm, SUPPORT_REPLY_TIME } from './contact-form';
import { Faq } from './faq';

/** /contact: the contact form beside the FAQ (SPEC §2). */
export function ContactPage() {
  return (
    <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-10 sm:px-6 lg:px-8 lg:py-16">
      <div className="max-w-2xl">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-hover">Contact</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">We’re here to help</h1>
        <p className="mt-4 text-lg text-pretty text-muted-foreground">
          Questions about listing your home, bidding as a realtor or your account? Send us a message. {SUPPORT_REPLY_TIME}.
        </p>
      </div>
      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:gap-12">
        <Card className="h-fit">
          <CardHeader>
            <h2 className="text-xl font-semibold tracking-tight">Send us a message</h2>
            <CardDescription>We read every message and answer by email.</CardDescription>
          </CardHeader>
          <CardContent>
            <ContactForm page="contact" />
          </CardContent>
        </Card>
        <section aria-labelledby="faq-title" className="flex flex-col gap-4">
          <h2 id="faq-title" className="text-xl font-semibold tracking-tight">
            Frequently asked questions
          </h2>
          <Faq />
        </section>
      </div>
    </main>
  );
}
