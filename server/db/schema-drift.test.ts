/**
 * The schema drift test: `schema.ts` (SQLite) and `schema-pg.ts` (PostgreSQL) define the same tables, columns, type
 * families, nullability, defaults, primary keys, indexes, foreign keys and checks; money is bigint and times are
 * timestamptz in PostgreSQL. A change to one file alone fails here.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, getTableConfig, integer, pgTable, text as pgText } from 'drizzle-orm/pg-core';
import { index, integer as sqliteInteger, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import * as pg from './schema-pg.js';
import { schemaDifferences, schemaTables, tableDifferences, tableShape, TIME_COLUMN } from './schema-shape.js';
import * as sqlite from './schema.js';

describe('schema drift between SQLite and PostgreSQL', () => {
  it('the two schemas agree table for table', () => {
    expect(schemaDifferences(sqlite, pg)).toEqual([]);
    expect(schemaTables(pg).size).toBe(schemaTables(sqlite).size);
    expect(schemaTables(sqlite).size).toBeGreaterThan(25);
  });

  it('exports the same names, so store code can be written over either', () => {
    const names = (m: Record<string, unknown>) => [...schemaTables(m).values()].map((t) => Object.entries(m).find(([, v]) => v === t)![0]).sort();
    expect(names(pg)).toEqual(names(sqlite));
  });

  it('money is bigint cents, times timestamptz, flags boolean in PostgreSQL', () => {
    for (const table of schemaTables(pg).values()) {
      for (const column of getTableConfig(table as never).columns) {
        if (column.name.endsWith('_cents')) expect(`${column.name} ${column.getSQLType()}`).toBe(`${column.name} bigint`);
        if (TIME_COLUMN.test(column.name)) expect(`${column.name} ${column.getSQLType()}`).toBe(`${column.name} timestamp with time zone`);
      }
    }
    expect(tableShape(pg.products).columns['on_sale']!.kind).toBe('boolean');
    expect(tableShape(sqlite.products).columns['on_sale']!.kind).toBe('boolean');
  });

  it('has the constraints the app relies on, in both', () => {
    for (const schema of [sqlite, pg] as const) {
      const variants = tableShape(schema.variants);
      expect(variants.checks).toEqual(['variants_stock_not_negative: qty_in_stock >= 0']);
      expect(tableShape(schema.orders).indexes).toContain('orders_number: unique (website_id, order_number)');
      expect(tableShape(schema.formSubmissionKeys).primaryKey).toEqual(['key_hash']);
    }
  });

  it('reports each kind of difference', () => {
    const parentA = sqliteTable('parent', { id: text('id').primaryKey() });
    const parentB = pgTable('parent', { id: pgText('id').primaryKey() });
    const a = sqliteTable(
      't',
      { id: text('id').primaryKey(), n: sqliteInteger('n').notNull().default(0), p: text('p'), at: sqliteInteger('made_at'), up: text('up').references(() => parentA.id, { onDelete: 'cascade' }) },
      (t) => [index('t_n').on(t.n)],
    );
    const b = pgTable(
      't',
      { id: pgText('id').primaryKey(), n: integer('n').default(1), p: boolean('p'), at: bigint('made_at', { mode: 'number' }), extra: pgText('extra'), up: pgText('up').references(() => parentB.id) },
      (t) => [check('t_n_positive', sql`${t.n} > 0`)],
    );
    const found = tableDifferences(tableShape(a), tableShape(b)).join('\n');
    expect(found).toContain('t.extra: only in PostgreSQL');
    expect(found).toContain('t.n: notNull true in SQLite, false in PostgreSQL');
    expect(found).toContain('t.n: default 0 in SQLite, 1 in PostgreSQL');
    expect(found).toContain('t.p: kind text in SQLite, boolean in PostgreSQL');
    expect(found).toContain('t.made_at: kind time in SQLite, integer in PostgreSQL');
    expect(found).toContain('t indexes: [t_n: (n)] in SQLite, [] in PostgreSQL');
    expect(found).toContain('t checks: [] in SQLite, [t_n_positive: n > 0] in PostgreSQL');
    expect(found).toContain('t foreign keys: [(up) -> parent(id) on delete cascade, on update no action] in SQLite, [(up) -> parent(id) on delete no action, on update no action] in PostgreSQL');
  });
});
