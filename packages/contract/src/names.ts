/**
 * People's names. Channels, the add-order form and ID tokens give one full name; addresses store a first and a last
 * name (spec 3, "Order address").
 */

/** The last name stored for a name without a space: spec 3 asks for a single space, not an empty string. */
export const NO_LAST_NAME = ' ';

/**
 * Spec 3: the name is split into first and last name at the first space; without a space the last name is
 * NO_LAST_NAME. Surrounding and repeated spaces are not part of either name.
 */
export function splitName(fullName: string): { firstName: string; lastName: string } {
  const name = fullName.trim().replace(/\s+/g, ' ');
  const space = name.indexOf(' ');
  if (space < 0) return { firstName: name, lastName: NO_LAST_NAME };
  return { firstName: name.slice(0, space), lastName: name.slice(space + 1) };
}

/** The name as one string again (a blank last name, NO_LAST_NAME included, means none). */
export function joinName(firstName: string, lastName: string): string {
  return lastName.trim() === '' ? firstName : `${firstName} ${lastName}`;
}
