// `feltwire start` in a child process, as a card room runs it: resolves with the URL the service prints when it is up.
import { type ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

const REPO = resolve(import.meta.dirname, '../..');
const CLI = join(REPO, 'bin/feltwire.js');

export function startCli(args: string[]): { child: ChildProcess; out: () => string; url: Promise<string> } {
  const child = spawn(
    process.execPath,
    [CLI, 'start', '--port', '0', '--host', '127.0.0.1', '--pace', 'fast', ...args],
    {
      cwd: REPO,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let text = '';
  const url = new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL in: ${text}`)), 30_000);
    child.stdout?.on('data', (d: Buffer) => {
      text += d.toString();
      const m = /feltwire live on (http:\/\/\S+)/.exec(text);
      if (m) {
        clearTimeout(timer);
        resolveUrl(m[1]);
      }
    });
    child.stderr?.on('data', (d: Buffer) => {
      text += d.toString();
    });
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`exited: ${text}`));
    });
  });
  url.catch(() => {});
  return { child, out: () => text, url };
}
