/** Which database a command uses, and how a database URL is shown (never with its password). */
import { describe, expect, it } from 'vitest';
import { databaseTarget, DatabaseUrlError, describeTarget, redactUrl } from './target.js';

describe('database target', () => {
  it('is the SQLite file of TESSERA_DB unless TESSERA_DATABASE_URL names PostgreSQL', () => {
    expect(databaseTarget({ TESSERA_DB: '/srv/shop.db' })).toEqual({ dialect: 'sqlite', file: '/srv/shop.db' });
    expect(databaseTarget({ TESSERA_DB: '/srv/shop.db', TESSERA_DATABASE_URL: '' })).toEqual({ dialect: 'sqlite', file: '/srv/shop.db' });
    for (const url of ['postgres://u:p@db:5432/shop', 'postgresql://db/shop']) expect(databaseTarget({ TESSERA_DATABASE_URL: url })).toEqual({ dialect: 'postgresql', url });
  });

  it('refuses any other URL in words, without its password', () => {
    expect(() => databaseTarget({ TESSERA_DATABASE_URL: 'mysql://root:secret@db/shop' })).toThrow(DatabaseUrlError);
    expect(() => databaseTarget({ TESSERA_DATABASE_URL: 'mysql://root:secret@db/shop' })).toThrow('TESSERA_DATABASE_URL must be a postgres:// URL (got mysql://root:***@db/shop)');
    expect(redactUrl('postgres://u:hunter2@db/shop')).toBe('postgres://u:***@db/shop');
    expect(redactUrl('not a url')).toBe('(a database URL that does not parse)');
    expect(describeTarget({ dialect: 'postgresql', url: 'postgres://u:pw@db:5432/shop' })).toBe('PostgreSQL postgres://u:***@db:5432/shop');
  });
});
