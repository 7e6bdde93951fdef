import Type from 'typebox';

/** `POST /call/verifyNewUserRegister`: the caller's tenant after (idempotent) provisioning. */
export const TenantProvisionSchema = Type.Object({
  tenantId: Type.String(),
  timeZone: Type.String(),
});
export type TenantProvision = Type.Static<typeof TenantProvisionSchema>;
