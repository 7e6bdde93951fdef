import Type from 'typebox';

/** Small schema builders every contract file uses. */

/** One of these strings: the JSON schema an anyOf of consts, the static type their union. */
export const literalUnion = <T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number]>(Type.Union(values.map((v) => Type.Literal(v))));

export const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
