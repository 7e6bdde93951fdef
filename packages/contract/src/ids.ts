import Type from 'typebox';

/**
 * A row id on the wire: a string of digits (bigint in the database). At most 15 digits, so that it stays exact as a
 * JavaScript number and inside PostgreSQL's bigint: a longer one can name no row, and is refused as input.
 */
export const ID_PATTERN = '^[1-9][0-9]{0,14}$';
export const IdSchema = Type.String({ pattern: ID_PATTERN, description: 'numeric id' });

/** The largest value of PostgreSQL's `integer` columns (versions, quantities, weights). */
export const INT32_MAX = 2_147_483_647;
