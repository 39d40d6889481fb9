/*
 * The HTML every mail shares (one narrow column, its title as heading, one
 * button), so a change of brand colour or font is made once. Every value from
 * a person is escaped before it is placed in the HTML.
 */

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);
}

/** A whole mail: `title` in the head, `heading` (escaped here; the title by default) above the parts, which are HTML already. */
export function mailFrame(title: string, parts: string[], heading = title): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<div style="max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>
${parts.join('\n')}
</div></body></html>`;
}

/** One paragraph of HTML; `preWrap` keeps a person's line breaks. */
export const mailParagraph = (html: string, preWrap = false) => `<p style="margin:0 0 16px${preWrap ? ';white-space:pre-wrap' : ''}">${html}</p>`;

/** The mail's one button. */
export const mailButton = (link: { label: string; url: string }) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(link.url)}" style="background:#E43C13;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(link.label)}</a></p>`;

/** Small grey print under the button (the link written out, a footer); HTML already. */
export const mailNote = (html: string) => `<p style="margin:0;font-size:13px;color:#6b7280">${html}</p>`;

/** A label and value table (a contact card, a form's fields). */
export const mailTable = (rows: Array<[string, string]>, separator = '') =>
  `<table style="border-collapse:collapse;margin:0 0 16px">${separator}${rows
    .map(([label, value]) => `<tr><th align="left" style="padding:4px 12px 4px 0;color:#6b7280">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`)
    .join(separator)}${separator}</table>`;
