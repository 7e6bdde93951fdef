import type { InjectOptions } from 'fastify';
import type { RouteEntry } from '../../src/security/route-policy.ts';
import { minimalOf, type JsonSchema } from './schema-arbitrary.ts';
import { idFor, isIdParam, pathParams, type Seeds } from './security-kit.ts';

/** The part of a route's schema a request is made of. */
export function partsOf(route: RouteEntry) {
  const schema = (route.schema ?? {}) as Record<string, JsonSchema | undefined>;
  return { params: schema.params, querystring: schema.querystring, body: schema.body, headers: schema.headers };
}

/** Only the properties an object schema requires, each filled minimally. */
export function requiredOnly(schema: JsonSchema | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!schema?.properties) return out;
  for (const key of schema.required ?? []) {
    const child = schema.properties[key];
    if (child) out[key] = minimalOf(child);
  }
  // A schema that wants some properties whichever they are (a partial update) gets its first optional ones.
  for (const [key, child] of Object.entries(schema.properties)) {
    if (Object.keys(out).length >= (schema.minProperties ?? 0)) break;
    out[key] ??= minimalOf(child);
  }
  return out;
}

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The path with each parameter filled: seeded ids for ids, the schema's first allowed value for the rest. */
export function fillPath(route: RouteEntry, seeds: Seeds, values: Record<string, unknown> = {}): string {
  const params = partsOf(route).params;
  return route.url.replace(/:(\w+)/g, (_, name: string) => {
    if (name in values) return encodeURIComponent(asText(values[name]));
    if (name in seeds && !isIdParam(name)) return encodeURIComponent(seeds[name]!);
    if (isIdParam(name)) return encodeURIComponent(idFor(seeds, route.url, name));
    const schema = params?.properties?.[name];
    return encodeURIComponent(asText(schema ? minimalOf(schema) : 'x'));
  });
}

/** A request the route's schema accepts (required fields only), with `headers` for who asks. */
export function plainRequest(
  route: RouteEntry,
  seeds: Seeds,
  headers: Record<string, string>,
  values: Record<string, unknown> = {},
): InjectOptions {
  const { querystring, body, headers: headerSchema } = partsOf(route);
  const query = requiredOnly(querystring);
  const extra = Object.fromEntries(Object.entries(requiredOnly(headerSchema)).map(([k, v]) => [k, asText(v)]));
  return {
    method: route.method,
    url: fillPath(route, seeds, values),
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, asText(v)])),
    headers: { ...extra, ...headers },
    ...(body ? { payload: requiredOnly(body) } : {}),
  };
}

/** Every combination of the values the route's non-id path parameters allow (enums), or the one plain request. */
export function pathVariants(route: RouteEntry): Array<Record<string, unknown>> {
  const params = partsOf(route).params;
  let variants: Array<Record<string, unknown>> = [{}];
  for (const name of pathParams(route.url)) {
    const schema = params?.properties?.[name];
    const choices = schema?.enum ?? schema?.anyOf?.map((s) => s.const).filter((c) => c !== undefined);
    if (isIdParam(name) || !choices?.length) continue;
    variants = variants.flatMap((v) => choices.map((c) => ({ ...v, [name]: c })));
  }
  return variants;
}

export { pathParams };
