// Shared by `npm start` and `npm test`: install dependencies when missing or stale, build the web app when its
// sources are newer than its build. Plain JavaScript: it runs before dependencies exist.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function run(root, env, cmd, args) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`\n"${cmd} ${args.join(' ')}" failed (exit ${result.status}).`);
    process.exit(result.status ?? 1);
  }
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

export function ensureInstalled(root, env) {
  const installed = join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(installed) || newestMtime(join(root, 'package-lock.json')) > newestMtime(installed)) {
    console.log('Installing dependencies...');
    run(root, env, 'npm', ['ci', '--no-audit', '--no-fund']);
  }
}

export function ensureWebBuilt(root, env) {
  const built = newestMtime(join(root, 'apps', 'web', 'dist', 'index.html'));
  const sources = Math.max(
    newestMtime(join(root, 'apps', 'web')),
    newestMtime(join(root, 'packages', 'contract', 'src')),
  );
  if (built < sources) {
    console.log('Building the web app...');
    run(root, env, 'npm', ['run', 'build']);
  }
}

export function checkNodeVersion() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 22 || (major === 22 && minor < 12)) {
    console.error(`Shipdesk needs Node.js 22.12 or newer (24 LTS recommended); this is ${process.version}.`);
    process.exit(1);
  }
}
