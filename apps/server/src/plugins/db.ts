import fp from 'fastify-plugin';
import { openDatabase, type Database } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

interface DbPluginOptions {
  databaseUrl: string | undefined;
  dataDir: string;
}

/** Owns the database: opens it (PGlite or PostgreSQL), applies migrations, closes it with the app. */
export const dbPlugin = fp<DbPluginOptions>(
  async (app, options) => {
    const database = await openDatabase({
      ...options,
      onIdleError: (error) => app.log.warn({ err: error }, 'idle database connection failed'),
    });
    try {
      await database.migrate();
    } catch (error) {
      await database.close();
      throw error;
    }
    app.log.info({ kind: database.kind }, 'database ready');
    app.decorate('db', database);
    app.addHook('onClose', () => database.close());
  },
  { name: 'db' },
);
