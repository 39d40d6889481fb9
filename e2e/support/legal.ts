import type { LegalDocumentType } from '../../src/contract/legal/legal';

/** An administrator's session for API calls from the test itself (no browser): the cookie the login answered. */
export async function adminCookie(baseURL: string, credentials: { username: string; password: string }): Promise<string> {
  const response = await fetch(`${baseURL}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!response.ok) throw new Error(`Admin login answered ${response.status}: ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  if (cookies.length === 0) throw new Error('Admin login set no cookie');
  return cookies.join('; ');
}

export type NewLegalDocument = { type: LegalDocumentType; title: string; content: string; version: string; effectiveDate?: string };

/** Creates a legal document and activates it through the admin API; returns its id. */
export async function publishLegalDocument(baseURL: string, cookie: string, document: NewLegalDocument): Promise<number> {
  const call = async (path: string, body?: unknown) => {
    const response = await fetch(`${baseURL}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', Cookie: cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as { id: number };
  };
  const created = await call('/api/admin/legal-documents', { effectiveDate: new Date().toISOString(), ...document });
  await call(`/api/admin/legal-documents/${created.id}/activate`);
  return created.id;
}
