import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION } from '@shipdesk/contract';
import { declareScopePolicy } from '../security/route-policy.ts';

/** The OpenAPI document built from the route schemas, browsable at /docs. Register before the routes. */
export const swaggerPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Shipdesk API', version: APP_VERSION },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
    });
    // The API document and its pages are public, as the routes' schemas are.
    await app.register(async (docs) => {
      declareScopePolicy(docs, 'public');
      await docs.register(swaggerUi, { routePrefix: '/docs' });
    });
  },
  { name: 'swagger' },
);
