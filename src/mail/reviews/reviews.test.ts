import { describe, expect, it } from 'vitest';
import { reviewReceivedMail, reviewRepliedMail } from './reviews';

describe('review mails', () => {
  it('tells the realtor the rating and the listing, links to their reviews, and escapes values in the HTML', () => {
    const mail = reviewReceivedMail({ to: 'rita@example.com', name: 'Rita <b>', rating: 4, propertyTitle: 'Loft & "garden"', publicUrl: 'https://bidhome.example' });
    expect(mail).toMatchObject({ to: 'rita@example.com', subject: 'New review from a homeowner', tag: 'review-received' });
    expect(mail.text).toContain('Hi Rita <b>,');
    expect(mail.text).toContain('"Loft & "garden"" reviewed you: 4 out of 5 stars.');
    expect(mail.text).toContain('https://bidhome.example/dashboard');
    expect(mail.html).toContain('Hi Rita &lt;b&gt;,');
    expect(mail.html).toContain('Loft &amp; &quot;garden&quot;');
    expect(mail.html).toContain('href="https://bidhome.example/dashboard"');
    expect(mail.html).not.toContain('<b>');
  });

  it('tells the author who replied, in the subject on one line, and links to the listing', () => {
    const mail = reviewRepliedMail({ to: 'olive@example.com', name: 'Olive', realtorName: 'Rita\r\nRealtor', propertyTitle: 'Sunny loft', propertyId: 'p 1', publicUrl: 'https://bidhome.example' });
    expect(mail).toMatchObject({ to: 'olive@example.com', subject: 'Rita Realtor replied to your review', tag: 'review-replied' });
    expect(mail.text).toContain('replied to your review of their work on "Sunny loft".');
    expect(mail.text).toContain('https://bidhome.example/listing/p%201');
    expect(mail.html).toContain('href="https://bidhome.example/listing/p%201"');
  });
});
