import Type from 'typebox';

/** Small schema builders every contract file uses. */

/** One of these strings: the JSON schema an anyOf of consts, the static type their union. */
export const literalUnion = <T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number]>(Type.Union(values.map((v) => Type.Literal(v))));

export const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * `build()`, marked free of side effects: a bundle that uses none of the schema leaves it out even when building it
 * reads another schema's properties or a constant's field (which a bundler must otherwise assume may run code).
 */
export const schema = /* #__NO_SIDE_EFFECTS__ */ <T>(build: () => T): T => build();
