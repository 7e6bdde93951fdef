import { join } from 'node:path';
import fp from 'fastify-plugin';
import { createSecretBox, loadSecretsKey, type SecretBox } from '../lib/secret-box.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Seals credentials before they are stored and opens them for use; they never leave in clear. */
    secrets: SecretBox;
  }
}

interface SecretsOptions {
  secretsKey: string | undefined;
  dataDir: string;
  /** With PostgreSQL, several instances must share one key: a generated one is only right for a single process. */
  sharedDatabase: boolean;
}

export const secretsPlugin = fp<SecretsOptions>(
  async (app, options) => {
    const keyFile = join(options.dataDir, 'server-secrets.key');
    const { key, generated } = loadSecretsKey(options.secretsKey, keyFile);
    if (generated) app.log.info({ keyFile }, 'generated the key that encrypts stored credentials');
    if (!options.secretsKey && options.sharedDatabase) {
      app.log.warn(
        { keyFile },
        'SECRETS_KEY is not set: every server instance sharing DATABASE_URL needs the same key',
      );
    }
    app.decorate('secrets', createSecretBox(key));
  },
  { name: 'secrets' },
);
