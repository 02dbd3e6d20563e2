// Reads firmware-bridge/vectors/protocol-v1.txt, the golden frames shared with the C++ firmware tests.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const VECTORS_PATH = fileURLToPath(new URL('../../firmware-bridge/vectors/protocol-v1.txt', import.meta.url));

export type Vector =
  | { kind: 'valid'; bytes: Buffer; note: string; line: number }
  | { kind: 'invalid'; cause: string; bytes: Buffer; note: string; line: number }
  | { kind: 'stream'; bytes: Buffer; frames: number[]; counts: Record<string, number>; note: string; line: number };

/** Decodes a Python-style bytes literal: b'...' with \n \r \t \\ \' \xHH. */
export function bytesLiteral(lit: string): Buffer {
  if (!lit.startsWith("b'") || !lit.endsWith("'")) throw new Error(`not a bytes literal: ${lit}`);
  const body = lit.slice(2, -1);
  const out: number[] = [];
  const simple: Record<string, number> = { n: 10, r: 13, t: 9, '\\': 92, "'": 39, '0': 0 };
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch !== '\\') {
      out.push(ch.charCodeAt(0));
      continue;
    }
    const e = body[++i];
    if (e === 'x') {
      out.push(Number.parseInt(body.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (e in simple) out.push(simple[e]);
    else throw new Error(`unknown escape \\${e} in ${lit}`);
  }
  return Buffer.from(out);
}

export function loadVectors(): Vector[] {
  const lines = readFileSync(VECTORS_PATH, 'latin1').split('\n');
  const out: Vector[] = [];
  lines.forEach((text, i) => {
    if (text.trim() === '' || text.startsWith('#')) return;
    const cols = text.split('\t');
    const [verdict, lit] = cols;
    const line = i + 1;
    const bytes = bytesLiteral(lit);
    if (verdict === 'valid') out.push({ kind: 'valid', bytes, note: cols[2], line });
    else if (verdict.startsWith('invalid:'))
      out.push({ kind: 'invalid', cause: verdict.slice(8), bytes, note: cols[2], line });
    else if (verdict === 'stream') {
      const counts: Record<string, number> = {};
      let frames: number[] = [];
      for (const item of cols[2].split(' ')) {
        const [k, v] = item.split('=');
        if (k === 'frames') frames = v === '' ? [] : v.split(',').map(Number);
        else counts[k] = Number(v);
      }
      out.push({ kind: 'stream', bytes, frames, counts, note: cols[3], line });
    } else throw new Error(`vectors line ${line}: unknown verdict ${verdict}`);
  });
  return out;
}
