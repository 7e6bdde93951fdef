// Shared by `npm start` and `npm test`: run under Node.js 24, install dependencies when missing or stale, build the
// web app when its sources are newer than its build. Plain JavaScript: it runs before dependencies exist.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';

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

/** The Node.js the project runs on (24 LTS); an older one is replaced by this major from the npm registry. */
const NODE_MAJOR = 24;

/**
 * Runs this script again under Node.js 24 when the machine's Node is older (Debian 12 ships 18, many machines 20):
 * the registry's `node-<platform>-<arch>` package, installed once into a cache outside the repository, first on PATH
 * (so npm and every child use it) and as the headers for native add-ons. Resolves at once under Node 24; otherwise it
 * never resolves and the process ends with the re-run's exit code.
 */
export function ensureNode() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= NODE_MAJOR) return Promise.resolve();
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const pkg = `node-${platform}-${process.arch}`;
  const cache =
    process.env.SHIPDESK_NODE_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'shipdesk-node');
  const home = join(cache, 'node_modules', pkg);
  const bin = process.platform === 'win32' ? home : join(home, 'bin');
  const node = join(bin, process.platform === 'win32' ? 'node.exe' : 'node');
  console.log(
    `Node.js ${process.version} is older than Shipdesk needs: running under Node.js ${NODE_MAJOR} from the npm registry (cached in ${cache}).`,
  );
  if (!existsSync(node)) {
    mkdirSync(cache, { recursive: true });
    const install = spawnSync(
      'npm',
      ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', cache, `${pkg}@${NODE_MAJOR}`],
      {
        stdio: 'inherit',
        shell: process.platform === 'win32',
      },
    );
    if (install.status !== 0 || !existsSync(node)) {
      console.error(
        `Could not install ${pkg}@${NODE_MAJOR} from the npm registry; install Node.js ${NODE_MAJOR} and run this again.`,
      );
      process.exit(1);
    }
  }
  const env = { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}`, npm_config_nodedir: home };
  const child = spawn(node, process.argv.slice(1), { stdio: 'inherit', env });
  // The re-run owns the work; this process only passes signals on and ends with it.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return new Promise(() => {});
}
