import Type from 'typebox';

/** A user of the caller's organisation as the SSO's users API answers it. */
export const OrgUserSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  roleId: Type.Integer(),
  status: Type.Union([Type.Literal('active'), Type.Literal('invited'), Type.Literal('deactivated')]),
  lastLoginAt: Type.Union([Type.String(), Type.Null()]),
  invitedAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type OrgUser = Type.Static<typeof OrgUserSchema>;

export const OrgUserListSchema = Type.Object({ users: Type.Array(OrgUserSchema) });
export const OrgUserAnswerSchema = Type.Object({ user: OrgUserSchema });
export const InvitedUserAnswerSchema = Type.Object({ user: OrgUserSchema, resent: Type.Boolean() });

// The shapes only; the SSO judges the values (which roles may be given, a valid address) and names the field.
export const InviteUserSchema = Type.Object(
  {
    email: Type.String({ maxLength: 254 }),
    roleId: Type.Integer({ description: '2 = Admin, 3 = Manager' }),
  },
  { additionalProperties: false },
);
export type InviteUser = Type.Static<typeof InviteUserSchema>;

export const UpdateUserSchema = Type.Object(
  {
    roleId: Type.Optional(Type.Integer({ description: '2 = Admin, 3 = Manager' })),
    status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('deactivated')])),
  },
  { additionalProperties: false },
);
export type UpdateUser = Type.Static<typeof UpdateUserSchema>;

export const UserIdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
