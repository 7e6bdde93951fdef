import { Compile } from 'typebox/compile';
import { ProductsSchema, type SubscribedApp } from '@shipdesk/contract';
import { badGateway } from '../../lib/http-errors.ts';

const SSO_TIMEOUT_MS = 10_000;
const productsCheck = Compile(ProductsSchema);

/**
 * The apps the caller's organisation subscribes to live in the SSO; this asks it on the caller's behalf,
 * with the caller's own token, so the SSO applies its own checks.
 */
export function createSubscriptionsService(options: { ssoUrl: string; timeoutMs?: number }) {
  const url = `${options.ssoUrl}/api/subscriptions`;
  return {
    async listProducts(bearerToken: string): Promise<SubscribedApp[]> {
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { authorization: `Bearer ${bearerToken}`, accept: 'application/json' },
          signal: AbortSignal.timeout(options.timeoutMs ?? SSO_TIMEOUT_MS),
        });
      } catch {
        throw badGateway('The subscription service cannot be reached');
      }
      if (!response.ok) throw badGateway(`The subscription service answered ${response.status}`);
      const body = (await response.json().catch(() => null)) as { data?: unknown } | null;
      if (!body || !productsCheck.Check(body.data)) {
        throw badGateway('The subscription service gave an unexpected answer');
      }
      return body.data.products;
    },
  };
}
