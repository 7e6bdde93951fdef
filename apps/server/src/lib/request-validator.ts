import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';
import { unstorableValues } from '../domain/storable-values.ts';

/**
 * TypeBox's check (query, params and headers converted from text first, as @fastify/type-provider-typebox does),
 * then the storable-values guard on what it accepted. Errors keep TypeBox's shape, so the error handler names the
 * field either way.
 */
export const requestValidatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const check = Compile(schema);
  return (value: unknown) => {
    const converted = httpPart === 'body' ? value : Value.Convert(schema, value);
    if (!check.Check(converted)) return { error: check.Errors(converted) as never };
    const unstorable = unstorableValues(converted);
    if (unstorable.length > 0) return { error: unstorable as never };
    return { value: converted };
  };
};
