import type { Mail } from './port';

/*
 * The account mails. Every value placed in HTML is escaped; links are
 * absolute, built from the public URL, so they work from any mail client.
 */

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);
}

const PRODUCT = 'BidHome';

function layout(title: string, paragraphs: string[], link: { label: string; url: string }, footer: string): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('\n');
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<div style="max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${body}
<p style="margin:24px 0"><a href="${escapeHtml(link.url)}" style="background:#E43C13;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(link.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#6b7280">If the button does not work, copy this link into your browser:<br>${escapeHtml(link.url)}</p>
<p style="margin:0;font-size:13px;color:#6b7280">${escapeHtml(footer)}</p>
</div></body></html>`;
}

export function verificationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/api/verify-email?token=${encodeURIComponent(token)}`;
}

export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

export function verificationMail(options: { to: string; name: string; link: string; validHours: number }): Mail {
  const subject = `Verify your email for ${PRODUCT}`;
  const footer = `This link expires in ${options.validHours} hours. If you did not create an account, you can ignore this email.`;
  return {
    to: options.to,
    subject,
    tag: 'email-verification',
    text: [`Hi ${options.name},`, '', `Please confirm your email address for ${PRODUCT} by opening this link:`, options.link, '', footer].join('\n'),
    html: layout(subject, [`Hi ${escapeHtml(options.name)},`, `Please confirm your email address for ${PRODUCT}.`], { label: 'Verify email', url: options.link }, footer),
  };
}

export function passwordResetMail(options: { to: string; name: string; link: string }): Mail {
  const subject = `Reset your ${PRODUCT} password`;
  const footer = 'This link expires in 1 hour and works once. If you did not ask for a new password, you can ignore this email; your password stays the same.';
  return {
    to: options.to,
    subject,
    tag: 'password-reset',
    text: [`Hi ${options.name},`, '', 'Someone asked to reset the password of your account. To choose a new one, open this link:', options.link, '', footer].join('\n'),
    html: layout(
      subject,
      [`Hi ${escapeHtml(options.name)},`, 'Someone asked to reset the password of your account. To choose a new one, use the button below.'],
      { label: 'Choose a new password', url: options.link },
      footer,
    ),
  };
}
