// Preloaded with `node --import`: appends the URL of every file module the process loads to $SHIPDESK_MODULE_LOG,
// so a test can tell which code a start really loaded.
import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const log = process.env.SHIPDESK_MODULE_LOG;
registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    if (log && resolved.url.startsWith('file:')) appendFileSync(log, `${resolved.url}\n`);
    return resolved;
  },
});
