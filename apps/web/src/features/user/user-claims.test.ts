import { describe, expect, it } from 'vitest';
import { Role } from '@shipdesk/contract';
import { displayName, userDataFromClaims } from './user-claims.ts';

describe('user claims', () => {
  it('maps the ID token claims onto userData', () => {
    expect(
      userDataFromClaims({
        sub: 'u-1',
        email: 'ann@example.com',
        name: 'Ann Marie Smith',
        org_id: '8a4f5b2e-1111-4222-8333-944455556666',
        role_id: 3,
      }),
    ).toEqual({
      ID: 'u-1',
      email: 'ann@example.com',
      first_name: 'Ann',
      last_name: 'Marie Smith',
      client_id: '8a4f5b2e-1111-4222-8333-944455556666',
      user_role_id: Role.Manager,
    });
  });

  it('prefers given/family names, ignores unknown roles and missing claims', () => {
    expect(userDataFromClaims({ given_name: 'Bo', family_name: 'Li', name: 'X Y', role_id: 9 })).toEqual({
      first_name: 'Bo',
      last_name: 'Li',
    });
    expect(userDataFromClaims({ role_id: '1' })).toEqual({ user_role_id: Role.SuperAdmin });
  });

  it('splits a name at the first space; without one the last name is empty', () => {
    expect(userDataFromClaims({ name: 'Cher' })).toEqual({ first_name: 'Cher', last_name: '' });
    expect(userDataFromClaims({ name: '  Jean  Luc Picard ' })).toEqual({
      first_name: 'Jean',
      last_name: 'Luc Picard',
    });
  });

  it('shows the full name, else the e-mail', () => {
    expect(displayName({ first_name: 'Ann', last_name: 'Smith', email: 'a@b.c' })).toBe('Ann Smith');
    expect(displayName({ first_name: '', last_name: '', email: 'a@b.c' })).toBe('a@b.c');
  });
});
