import { readFileSync } from 'node:fs';
import os from 'node:os';

export interface Machine {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
}

function firstMatch(path: string, pattern: RegExp): string | undefined {
  try {
    return pattern.exec(readFileSync(path, 'utf8'))?.[1]?.trim();
  } catch {
    return undefined;
  }
}

export function describeMachine(): Machine {
  const distro = firstMatch('/etc/os-release', /^PRETTY_NAME="?([^"\n]*)"?/m) ?? os.type();
  return {
    cpuModel: firstMatch('/proc/cpuinfo', /^model name\s*:\s*(.*)$/m) ?? os.cpus()[0]?.model ?? 'unknown',
    cores: os.availableParallelism(),
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    os: `${distro}, ${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
  };
}
