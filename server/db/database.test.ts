/** How the store opens its SQLite file: the pragmas that make an acknowledged write durable and keep references true. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from './database.js';

const dir = mkdtempSync(join(tmpdir(), 'tessera-db-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('openStore', () => {
  it('opens a file in WAL mode, syncing every commit (synchronous=FULL), with foreign keys enforced', () => {
    const store = openStore(join(dir, 'store.db'));
    try {
      const pragma = (name: string) => store.$client.pragma(name, { simple: true });
      expect(pragma('journal_mode')).toBe('wal');
      expect(pragma('synchronous')).toBe(2); // FULL
      expect(pragma('foreign_keys')).toBe(1);
    } finally {
      store.$client.close();
    }
  });
});
