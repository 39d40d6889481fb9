import { describe, expect, it } from 'vitest';
import { escapeHtml, passwordResetMail, resetLink, verificationLink, verificationMail } from './templates';

describe('account mail templates', () => {
  it('builds absolute links with the token encoded', () => {
    expect(verificationLink('https://bidhome.example', 'abc_-1')).toBe('https://bidhome.example/api/verify-email?token=abc_-1');
    expect(resetLink('https://bidhome.example', 'a+b')).toBe('https://bidhome.example/reset-password?token=a%2Bb');
  });

  it('puts the link in both parts and escapes values in the HTML', () => {
    const link = 'https://bidhome.example/api/verify-email?token=t&x=1';
    const mail = verificationMail({ to: 'jane@example.com', name: `<b>Jane</b> O'Neil`, link, validHours: 24 });
    expect(mail).toMatchObject({ to: 'jane@example.com', tag: 'email-verification' });
    expect(mail.text).toContain(link);
    expect(mail.text).toContain(`Hi <b>Jane</b> O'Neil,`);
    expect(mail.html).toContain('href="https://bidhome.example/api/verify-email?token=t&amp;x=1"');
    expect(mail.html).toContain('Hi &lt;b&gt;Jane&lt;/b&gt; O&#39;Neil,');
    expect(mail.html).not.toContain('<b>Jane</b>');
  });

  it('says the reset link expires in an hour', () => {
    const mail = passwordResetMail({ to: 'jane@example.com', name: 'Jane', link: 'https://bidhome.example/reset-password?token=t' });
    expect(mail.tag).toBe('password-reset');
    expect(mail.text).toContain('expires in 1 hour');
    expect(mail.html).toContain('https://bidhome.example/reset-password?token=t');
  });

  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
