import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify';
import { Role, type RoleId } from '@shipdesk/contract';
import { forbidden } from '../lib/http-errors.ts';

/**
 * Who may call a route, declared once on the route (`config: { policy }`) and enforced by one hook
 * (`enforceRoutePolicies`). The generated security suites (`src/security/*.test.ts`) read the declarations from the
 * route table, check that every route has one, and check that the server does what each declares.
 * docs/security.md "Route policies".
 *
 * - `public`: no sign-in (health, the web app's configuration, the API document).
 * - `signed-request`: no user token; the caller proves itself by a signature or a secret inside the request (a
 *   store's webhooks, BigCommerce's app callbacks).
 * - `signed-in`: any role of the tenant (Admin, Manager, SuperAdmin) or the tenant's API key: reads and order work.
 * - `admin`: Admins and SuperAdmins (and the API key, which speaks as an Admin); a Manager is answered 403.
 */
export const ROUTE_POLICIES = ['public', 'signed-request', 'signed-in', 'admin'] as const;
export type RoutePolicy = (typeof ROUTE_POLICIES)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    policy?: RoutePolicy;
  }
  interface FastifyInstance {
    /** Every route of the app as registered, with its declared policy (undefined when it declares none). */
    routeTable: RouteEntry[];
  }
}

export interface RouteEntry {
  method: HTTPMethods;
  url: string;
  policy: RoutePolicy | undefined;
  schema: FastifySchema | undefined;
}

/**
 * Collects the route table while the app is built: call it on the root instance before any route is registered
 * (an `onRoute` hook of the root sees the routes of every plugin registered after it). HEAD routes that Fastify adds
 * for each GET are left out: they are the GET.
 */
export function collectRouteTable(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' && methods.length === 1 && table.some((r) => r.method === 'GET' && r.url === route.url)) {
        continue;
      }
      // Read when asked: a scope's own onRoute hook (declareScopePolicy) runs after this one and may still set it.
      table.push({
        method,
        url: route.url,
        get policy() {
          return (route.config as { policy?: RoutePolicy } | undefined)?.policy;
        },
        schema: route.schema,
      });
    }
  });
}

/**
 * Declares `policy` for every route registered in `scope` (and its children) that declares none: for the routes of
 * third-party plugins (the API document's pages), which take no route options of ours.
 */
export function declareScopePolicy(scope: FastifyInstance, policy: RoutePolicy): void {
  scope.addHook('onRoute', (route: RouteOptions) => {
    const config = (route.config ?? {}) as { policy?: RoutePolicy };
    if (!config.policy) route.config = { ...config, policy } as RouteOptions['config'];
  });
}

/** Who an `admin` route admits; the tenant's API key speaks as an Admin. */
const ADMIN_ROLES: readonly RoleId[] = [Role.SuperAdmin, Role.Admin];

/**
 * The one check of every route's policy, run before the body is read (so a Manager hears 403 whatever they send).
 * The policy is read per request: a scope's own onRoute hook (declareScopePolicy) may set it after this is attached.
 * A route that declares no policy, or one not in ROUTE_POLICIES, is held to the strictest: forgetting the declaration
 * closes a route rather than opening it (and the policy matrix names it).
 */
async function checkRoutePolicy(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const policy = (request.routeOptions.config as { policy?: RoutePolicy }).policy;
  // A signed request proves itself in its own handler or hook (a webhook's HMAC, BigCommerce's signed payload).
  if (policy === 'public' || policy === 'signed-request') return;
  await request.server.authenticate(request, reply);
  if (policy !== 'signed-in' && !ADMIN_ROLES.includes(request.auth!.roleId)) {
    throw forbidden('Only Admins may do this.');
  }
}

/**
 * Enforces the declared policies: call on the root instance before any route is registered, beside
 * collectRouteTable. Each route gets checkRoutePolicy as its first own onRequest hook, so it runs after the
 * instance-wide ones (request context, rate limit) and before anything else of the route.
 */
export function enforceRoutePolicies(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const own =
      route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [checkRoutePolicy as onRequestHookHandler, ...own];
  });
}
