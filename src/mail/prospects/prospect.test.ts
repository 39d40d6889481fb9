import { describe, expect, it } from 'vitest';
import { prospectMail } from './prospect';

describe('prospect mail', () => {
  const prospect = {
    email: 'jane@example.com',
    inquiryType: 'homeowner',
    message: '<script>alert("x")</script> & more',
    page: 'contact',
    createdAt: '2026-11-22T10:00:00.000Z',
  };

  it('has a text and an HTML part with every field, values escaped in the HTML', () => {
    const mail = prospectMail({ to: 'support@example.com', prospect, adminUrl: 'http://localhost:3000/admin' });
    expect(mail).toMatchObject({ to: 'support@example.com', subject: 'New homeowner inquiry from jane@example.com', tag: 'prospect' });
    for (const value of ['jane@example.com', 'Homeowner', 'contact', '2026-11-22T10:00:00.000Z', prospect.message, 'http://localhost:3000/admin']) {
      expect(mail.text).toContain(value);
    }
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more');
    expect(mail.html).not.toContain('<script>');
  });

  it('says when there is no message', () => {
    const mail = prospectMail({ to: 's@example.com', prospect: { ...prospect, message: null }, adminUrl: 'http://x/admin' });
    expect(mail.text).toContain('(no message)');
  });
});
