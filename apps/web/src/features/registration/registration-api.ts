import { getAppConfig } from '@/config/app-config';
import { fetchEnvelopeData, joinUrl } from '@/lib/http/fetch-json';

/** The SSO's registration API (spec 2.1: e-mail, one-time password, then name, company and password). */
function ssoUrl(path: string): string {
  return joinUrl(getAppConfig().ssoUrl, path);
}

function post<T>(path: string, body: unknown): Promise<T> {
  return fetchEnvelopeData<T>(ssoUrl(path), { method: 'POST', body: JSON.stringify(body), credentials: 'omit' });
}

/** Sends the code. The SSO answers the same whether or not the e-mail is taken. */
export function startRegistration(email: string): Promise<unknown> {
  return post('/api/register/start', { email });
}

export async function verifyRegistration(email: string, otp: string): Promise<string> {
  const data = await post<{ registrationToken?: unknown }>('/api/register/verify', { email, otp });
  if (!data || typeof data.registrationToken !== 'string' || !data.registrationToken) {
    throw { status: 'PARSE_ERROR', statusText: 'The account service did not confirm the code. Please try again.' };
  }
  return data.registrationToken;
}

interface CompleteRegistration {
  registrationToken: string;
  name: string;
  companyName: string;
  password: string;
}

export function completeRegistration(body: CompleteRegistration): Promise<unknown> {
  return post('/api/register/complete', body);
}
