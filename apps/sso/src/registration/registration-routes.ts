import { clientIp, ok, readJson, type Router } from '../http.ts';
import {
  completeRegistration,
  startRegistration,
  verifyRegistration,
  type RegistrationDeps,
} from './registration-service.ts';

/** The registration API the product's `/register` page calls (CORS for WEB_ORIGINS is set in app.ts). */
export function registerRegistrationRoutes(router: Router, deps: RegistrationDeps): void {
  router.post('/api/register/start', async (ctx) => {
    const body = await readJson(ctx);
    await startRegistration(deps, { email: body.email }, clientIp(ctx));
    ok(ctx, { sent: true, message: 'If the address can be registered, a verification code is on its way.' });
  });

  router.post('/api/register/verify', async (ctx) => {
    const body = await readJson(ctx);
    ok(ctx, await verifyRegistration(deps, { email: body.email, otp: body.otp }));
  });

  router.post('/api/register/complete', async (ctx) => {
    const body = await readJson(ctx);
    const created = await completeRegistration(deps, {
      registrationToken: body.registrationToken,
      name: body.name,
      companyName: body.companyName,
      password: body.password,
    });
    ok(ctx, { ...created, loginUrl: `${deps.publicUrl}/` }, 201);
  });
}
