import Type from 'typebox';

/**
 * The organisation's users on the wire (Settings > Users). They are kept by the SSO; the server passes its users API
 * through, so these are the SSO's shapes. The values (which roles may be given, a valid address) are the SSO's to judge.
 */
const OrgUserSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  /** Null until an invited person has accepted and given their name. */
  name: Type.Union([Type.String(), Type.Null()]),
  roleId: Type.Integer(),
  status: Type.Union([Type.Literal('active'), Type.Literal('invited'), Type.Literal('deactivated')]),
  lastLoginAt: Type.Union([Type.String(), Type.Null()]),
  invitedAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type OrgUser = Type.Static<typeof OrgUserSchema>;
export type OrgUserStatus = OrgUser['status'];

export const OrgUserListSchema = Type.Object({ users: Type.Array(OrgUserSchema) });
export const OrgUserAnswerSchema = Type.Object({ user: OrgUserSchema });
/** `resent`: the address was still invited and got a fresh link instead of a new account. */
export const InvitedUserAnswerSchema = Type.Object({ user: OrgUserSchema, resent: Type.Boolean() });
export type InvitedUserAnswer = Type.Static<typeof InvitedUserAnswerSchema>;

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
