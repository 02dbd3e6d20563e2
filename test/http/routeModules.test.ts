// The route autoloader: every module of a routes folder is registered, in the order of its file names, with the
// app's context; a file there that is not a route module stops the app from being built.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { autoloadRoutes, RouteModuleError, routeFiles } from '../../src/http/routeModules.js';

const module = (path: string) =>
  `export const routes = { register(app, ctx) { ctx.order.push('${path}'); ` +
  `app.get('${path}', async () => ({ from: '${path}', answer: ctx.answer })); } };\n`;

describe('autoloadRoutes', () => {
  const dirs: string[] = [];
  const folder = (files: Record<string, string>): URL => {
    const dir = mkdtempSync(join(tmpdir(), 'fw-routes-'));
    dirs.push(dir);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return pathToFileURL(`${dir}/`);
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('registers every module of the folder, by file name, with the context; skips maps and declarations', async () => {
    const dir = folder({
      'b.js': module('/b'),
      'a.js': module('/a'),
      'a.js.map': '{}',
      'a.d.ts': 'export {};\n',
      'notes.md': 'not a module',
    });
    expect(routeFiles(dir)).toEqual(['a.js', 'b.js']);
    const app = Fastify();
    const ctx = { answer: 42, order: [] as string[] };
    await autoloadRoutes(app, dir, ctx);
    expect(ctx.order).toEqual(['/a', '/b']);
    const res = await app.inject({ method: 'GET', url: '/b' });
    expect(res.json()).toEqual({ from: '/b', answer: 42 });
    await app.close();
  });

  it('refuses a file that exports no routes', async () => {
    const dir = folder({ 'a.js': module('/a'), 'helper.js': 'export const nothing = 1;\n' });
    await expect(autoloadRoutes(Fastify(), dir, { answer: 0, order: [] })).rejects.toBeInstanceOf(RouteModuleError);
  });

  it("the table app's and the room's folders hold route modules only", async () => {
    for (const app of ['server', 'room']) {
      const dir = new URL(`../../src/${app}/routes/`, import.meta.url);
      const files = routeFiles(dir);
      expect(files.length, app).toBeGreaterThan(2);
      for (const f of files) {
        const mod = (await import(new URL(f, dir).href)) as { routes?: { register?: unknown } };
        expect(typeof mod.routes?.register, `${app}/routes/${f}`).toBe('function');
      }
    }
  });
});
