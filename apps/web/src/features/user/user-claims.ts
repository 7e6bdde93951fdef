import { CLAIM_ORG_ID, CLAIM_ROLE_ID, isRoleId, splitName } from '@shipdesk/contract';
import type { UserData } from '@/lib/state/user-data-slice';

/** userData's first and last name from a display name: the contract's split, with no last name left empty. */
function userNameOf(name: string): Pick<UserData, 'first_name' | 'last_name'> {
  const { firstName, lastName } = splitName(name);
  return { first_name: firstName, last_name: lastName.trim() };
}

function claimString(claims: Record<string, unknown>, key: string): string {
  const value = claims[key];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/**
 * userData fields from the ID token claims: sub -> ID, email, name (or given/family name) -> first/last name,
 * role_id -> user_role_id, org_id -> client_id. Claims that are absent leave the field out.
 */
export function userDataFromClaims(claims: Record<string, unknown>): Partial<Omit<UserData, 'subscribedApps'>> {
  const out: Partial<Omit<UserData, 'subscribedApps'>> = {};
  const sub = claimString(claims, 'sub');
  if (sub) out.ID = sub;
  const email = claimString(claims, 'email');
  if (email) out.email = email;
  const given = claimString(claims, 'given_name');
  const family = claimString(claims, 'family_name');
  const name = claimString(claims, 'name');
  if (given || family) {
    out.first_name = given;
    out.last_name = family;
  } else if (name) {
    Object.assign(out, userNameOf(name));
  }
  const org = claimString(claims, CLAIM_ORG_ID);
  if (org) out.client_id = org;
  const role = Number(claims[CLAIM_ROLE_ID]);
  if (isRoleId(role)) out.user_role_id = role;
  const phone = claimString(claims, 'phone_number');
  if (phone) out.phone = phone;
  return out;
}

/** The name to show for a user: first and last name, else the e-mail. */
export function displayName(user: Pick<UserData, 'first_name' | 'last_name' | 'email'>): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ').trim() || user.email;
}
