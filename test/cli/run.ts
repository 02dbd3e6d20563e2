// The CLI tests' two ways of running `feltwire`: the built command in a child process, as a user runs it, and the
// same command in this process (usage checks without a process start each), both capturing what it writes.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { vi } from 'vitest';
import { run } from '../../src/cli/main.js';
import { ROOT } from '../eval/build.js';

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function feltwire(args: string[]): Promise<Ran> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin/feltwire.js'), ...args], { cwd: ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => {
      stdout += String(c);
    });
    child.stderr.on('data', (c) => {
      stderr += String(c);
    });
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

export async function inProcess(args: string[]): Promise<Ran> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((c: string | Uint8Array) => {
    stdout += String(c);
    return true;
  });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((c: string | Uint8Array) => {
    stderr += String(c);
    return true;
  });
  try {
    return { code: await run(args), stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}
