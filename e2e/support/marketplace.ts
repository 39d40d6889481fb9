/** Someone who registers for the marketplace journeys; `phone` so contact details have something to show. */
export type Person = {
  username: string;
  password: string;
  name: string;
  email: string;
  phone: string;
  role: 'homeowner' | 'realtor';
};

/** Registers through the API (a server-side client: no Origin, no cookies kept). */
export async function registerPerson(baseURL: string, person: Person): Promise<void> {
  const response = await fetch(`${baseURL}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(person),
  });
  if (!response.ok) throw new Error(`Registering ${person.username} answered ${response.status}: ${await response.text()}`);
}
