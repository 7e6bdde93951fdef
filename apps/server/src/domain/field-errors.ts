/** A schema validation error as TypeBox and Ajv report it. */
export interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string | undefined;
}

function fieldName(prefix: string, instancePath: string, child?: string): string {
  const parts = [prefix, ...instancePath.split('/').slice(1), child ?? ''].filter(Boolean);
  return parts.map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~')).join('.');
}

/**
 * Turns schema errors into the envelope's `errors` map: field path -> message naming the field, so the web
 * can join the values (spec section 8). The first message per field wins.
 */
export function toFieldErrors(errors: readonly SchemaError[], prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (field: string, message: string) => {
    const key = field || prefix || 'body';
    if (!(key in out)) out[key] = `${key} ${message}`;
  };
  for (const error of errors) {
    const params = error.params ?? {};
    if (error.keyword === 'required') {
      const missing = (params.requiredProperties as string[] | undefined) ?? [params.missingProperty as string];
      for (const name of missing) if (name) put(fieldName(prefix, error.instancePath, name), 'is required');
    } else if (error.keyword === 'additionalProperties') {
      const extra = (params.additionalProperties as string[] | string | undefined) ?? [];
      for (const name of Array.isArray(extra) ? extra : [extra]) {
        put(fieldName(prefix, error.instancePath, name), 'is not allowed');
      }
    } else if (error.keyword === 'boolean') {
      // TypeBox reports an unexpected property as "schema is false" at its own path.
      put(fieldName(prefix, error.instancePath), 'is not allowed');
    } else {
      put(fieldName(prefix, error.instancePath), error.message ?? 'is invalid');
    }
  }
  return out;
}
