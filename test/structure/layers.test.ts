// The folders of src/ as layers (README.md, "Where things live"): each folder's imports, read from its source files
// (static imports and exports, dynamic import(), and the worker files named by `new URL(..., import.meta.url)`),
// resolved to the folder they land in. The room and the service stand on neither the table app (src/server) nor what
// composes them (src/simRoom, src/cli, src/bench); the views are below all of those and the service; the engine
// stands on none of them.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

/** every module specifier a file names: import/export ... from '...', import('...'), new URL('...', import.meta.url) */
function specifiers(text: string): string[] {
  const out: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^'";]*?\bfrom\s*'([^']+)'/g,
    /\bimport\s*'([^']+)'/g,
    /\bimport\(\s*'([^']+)'\s*\)/g,
    /\bnew URL\(\s*'([^']+\.js)'\s*,\s*import\.meta\.url\s*\)/g,
  ];
  for (const re of patterns) for (const m of text.matchAll(re)) out.push(m[1]);
  return out;
}

/** the src/ folder a relative specifier from `file` lands in (its name for a file at src/'s top); null: a package */
function folderOf(file: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const target = relative(SRC, resolve(dirname(file), spec));
  if (target.startsWith('..')) return `outside src: ${target}`;
  const parts = target.split(sep);
  return parts[0];
}

/** folder -> the folders (and packages) its files import, with the files that import each */
function importsOf(folder: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const file of sources(join(SRC, folder))) {
    for (const spec of specifiers(readFileSync(file, 'utf8'))) {
      const to = folderOf(file, spec) ?? `package ${spec}`;
      if (to === folder) continue;
      const list = out.get(to) ?? [];
      list.push(`${relative(SRC, file)} -> ${spec}`);
      out.set(to, list);
    }
  }
  return out;
}

function offending(folder: string, forbidden: (to: string) => boolean): string[] {
  return [...importsOf(folder)].filter(([to]) => forbidden(to)).flatMap(([, files]) => files);
}

const COMPOSERS = ['server', 'simRoom', 'cli', 'bench'];

describe('the layers of src/', () => {
  it('reads the imports it checks (the scanner finds what is there)', () => {
    const service = importsOf('service');
    expect(service.has('session')).toBe(true);
    expect(service.get('room')?.some((f) => f.endsWith('../room/publisher.js'))).toBe(true);
    // dynamic imports and worker files are imports too
    expect(specifiers("const { a } = await import('../room/publisher.js');")).toEqual(['../room/publisher.js']);
    expect(specifiers("new URL('../simRoom/benchTables.js', import.meta.url)")).toEqual(['../simRoom/benchTables.js']);
    expect(offending('simRoom', (to) => to === 'server')).not.toEqual([]);
  });

  it('the room imports nothing from the table app or what composes it', () => {
    expect(offending('room', (to) => COMPOSERS.includes(to))).toEqual([]);
  });

  it('the service imports nothing from the table app or what composes it (the table app is given: TableWeb)', () => {
    expect(offending('service', (to) => COMPOSERS.includes(to))).toEqual([]);
  });

  it('the views stand below the service, the table app and the room bench', () => {
    expect(offending('views', (to) => [...COMPOSERS, 'service', 'http'].includes(to))).toEqual([]);
  });

  it('the engine stands on no folder of the service (only the error base, the alert formatter and its own compiled worker)', () => {
    expect(
      offending(
        'engine',
        (to) =>
          !to.startsWith('package ') && !['errors.js', 'i18n'].includes(to) && !to.startsWith('outside src: ../dist/'),
      ),
    ).toEqual([]);
  });
});

describe('one error base (src/errors.ts)', () => {
  it('no error class of src extends Error itself: each extends FeltwireError (a code and an HTTP status)', () => {
    const direct = sources(SRC).flatMap((f) =>
      [
        ...readFileSync(f, 'utf8').matchAll(/class\s+(\w+)(?:<[^>]*>)?\s+extends\s+(?:Error|TypeError|RangeError)\b/g),
      ].map((m) => `${relative(SRC, f)}: ${m[1]}`),
    );
    expect(direct).toEqual(['errors.ts: FeltwireError']);
  });
});
