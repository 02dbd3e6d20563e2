// Looks at a log database file before SQLite opens it: a file cut short by a power cut or a full SD card, or one
// that is not SQLite at all, is named here with a reason a person can act on. The layout read is SQLite's own
// (sqlite.org/fileformat.html, "The Database Header"): magic string, page size at offset 16, the in-header page
// count at 28, valid when the change counter at 24 equals the version-valid-for number at 92.

import { closeSync, openSync, readSync, statSync } from 'node:fs';

const MAGIC = 'SQLite format 3\u0000';
const HEADER_BYTES = 100;

export interface FileProblem {
  kind: 'truncated' | 'notSqlite';
  reason: string;
  /** whole pages, but fewer than the header counts: the pages missing may still be in the WAL */
  pagesShort?: boolean;
}

/** null when the header and size are consistent (SQLite's integrity check still has to pass). */
export function checkDatabaseFile(path: string): FileProblem | null {
  const size = statSync(path).size;
  if (size === 0) return { kind: 'truncated', reason: 'the file is empty (0 bytes)' };
  const header = Buffer.alloc(HEADER_BYTES);
  const fd = openSync(path, 'r');
  let read: number;
  try {
    read = readSync(fd, header, 0, HEADER_BYTES, 0);
  } finally {
    closeSync(fd);
  }
  const magic = header.subarray(0, MAGIC.length).toString('latin1');
  if (read < MAGIC.length || magic !== MAGIC) {
    if (MAGIC.startsWith(magic.slice(0, read))) {
      return { kind: 'truncated', reason: `the file ends after ${size} bytes, inside the SQLite header` };
    }
    return { kind: 'notSqlite', reason: 'the file does not start with the SQLite header' };
  }
  if (read < HEADER_BYTES) {
    return { kind: 'truncated', reason: `the file ends after ${size} bytes, inside the SQLite header` };
  }
  const rawPageSize = header.readUInt16BE(16);
  const pageSize = rawPageSize === 1 ? 65536 : rawPageSize;
  if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0) {
    return { kind: 'notSqlite', reason: `the header's page size (${rawPageSize}) is not a power of two from 512` };
  }
  if (size % pageSize !== 0) {
    return {
      kind: 'truncated',
      reason: `the file size (${size} bytes) is not a whole number of ${pageSize}-byte pages`,
    };
  }
  const changeCounter = header.readUInt32BE(24);
  const pageCount = header.readUInt32BE(28);
  const validFor = header.readUInt32BE(92);
  if (pageCount > 0 && changeCounter === validFor && size < pageCount * pageSize) {
    return {
      kind: 'truncated',
      reason: `the header counts ${pageCount} pages (${pageCount * pageSize} bytes) but the file holds ${size} bytes`,
      pagesShort: true,
    };
  }
  return null;
}
