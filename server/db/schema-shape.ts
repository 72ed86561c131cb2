/**
 * A table's shape, the same for both dialects, read from drizzle's table definitions (public `getTableConfig`):
 * columns (type family, nullability, default, generated id), primary key, unique and plain indexes, foreign keys and
 * checks. `schema-drift.test.ts` compares `schema.ts` (SQLite) with `schema-pg.ts` through it, and export/import
 * (`portable.ts`) reads each column's kind from it.
 */
import { is, type SQL } from 'drizzle-orm';
import { getTableConfig as pgConfig, PgDialect, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteConfig, SQLiteSyncDialect, SQLiteTable } from 'drizzle-orm/sqlite-core';

/** What a column holds, across dialects: time is epoch ms in SQLite's integer, timestamptz in PostgreSQL. */
export type ColumnKind = 'text' | 'integer' | 'boolean' | 'time';

export interface ColumnShape {
  readonly kind: ColumnKind;
  readonly notNull: boolean;
  /** The default as JSON, or null for none. */
  readonly default: string | null;
  /** An id the database numbers itself (SQLite AUTOINCREMENT, PostgreSQL identity). */
  readonly generatedId: boolean;
}

export interface TableShape {
  readonly name: string;
  readonly columns: Readonly<Record<string, ColumnShape>>;
  readonly primaryKey: readonly string[];
  /** `name: unique? (col, col)`, sorted. */
  readonly indexes: readonly string[];
  /** `(cols) -> table(cols) on delete …, on update …`, sorted. */
  readonly foreignKeys: readonly string[];
  /** `name: expression`, the expression without quotes and table names, sorted. */
  readonly checks: readonly string[];
}

/** Column names (SQL) whose values are times: `…_at`, `…_on`, `…_date`, `…_until`, `last_seen`. */
export const TIME_COLUMN = /(_at|_on|_date|_until)$|^last_seen$/;

const sqliteDialect = new SQLiteSyncDialect();
const pgDialect = new PgDialect();

function checkText(value: SQL, dialect: 'sqlite' | 'pg', table: string): string {
  const text = (dialect === 'sqlite' ? sqliteDialect : pgDialect).sqlToQuery(value).sql;
  return text.replaceAll(`"${table}".`, '').replaceAll('"', '').replaceAll('`', '').replace(/\s+/g, ' ').trim();
}

function sqliteKind(columnType: string, sqlName: string): ColumnKind {
  if (columnType === 'SQLiteBoolean') return 'boolean';
  if (columnType === 'SQLiteText') return 'text';
  if (columnType === 'SQLiteInteger') return TIME_COLUMN.test(sqlName) ? 'time' : 'integer';
  throw new Error(`unexpected SQLite column type ${columnType} (${sqlName})`);
}

function pgKind(columnType: string, sqlType: string, sqlName: string): ColumnKind {
  if (columnType === 'PgBoolean') return 'boolean';
  if (columnType === 'PgText') return 'text';
  if (columnType === 'PgInteger' || columnType === 'PgBigInt53') return 'integer';
  if (sqlType === 'timestamp with time zone') return 'time';
  throw new Error(`unexpected PostgreSQL column type ${columnType} ${sqlType} (${sqlName})`);
}

const sorted = (items: string[]) => [...items].sort();

/** The shape of a table of either dialect. */
export function tableShape(table: SQLiteTable | PgTable): TableShape {
  const isSqlite = is(table, SQLiteTable);
  const config = isSqlite ? sqliteConfig(table as SQLiteTable) : pgConfig(table as PgTable);
  const columns: Record<string, ColumnShape> = {};
  let primaryKey: string[] = [];
  for (const c of config.columns) {
    const kind = isSqlite ? sqliteKind(c.columnType, c.name) : pgKind(c.columnType, c.getSQLType(), c.name);
    const generatedId = isSqlite ? (c as { autoIncrement?: boolean }).autoIncrement === true : (c as { generatedIdentity?: unknown }).generatedIdentity !== undefined;
    columns[c.name] = { kind, notNull: c.notNull, default: c.default === undefined ? null : JSON.stringify(c.default), generatedId };
    if (c.primary) primaryKey = [c.name];
  }
  for (const pk of config.primaryKeys) primaryKey = pk.columns.map((c) => c.name);
  const indexes = config.indexes.map((i) => `${i.config.name}: ${i.config.unique ? 'unique ' : ''}(${i.config.columns.map((c) => ('name' in c ? c.name : '?')).join(', ')})`);
  const foreignKeys = config.foreignKeys.map((fk) => {
    const ref = fk.reference();
    const foreign = is(ref.foreignTable, SQLiteTable) ? sqliteConfig(ref.foreignTable as SQLiteTable).name : pgConfig(ref.foreignTable as PgTable).name;
    const actions = `on delete ${fk.onDelete ?? 'no action'}, on update ${fk.onUpdate ?? 'no action'}`;
    return `(${ref.columns.map((c) => c.name).join(', ')}) -> ${foreign}(${ref.foreignColumns.map((c) => c.name).join(', ')}) ${actions}`;
  });
  const checks = config.checks.map((ck) => `${ck.name}: ${checkText(ck.value, isSqlite ? 'sqlite' : 'pg', config.name)}`);
  return { name: config.name, columns, primaryKey, indexes: sorted(indexes), foreignKeys: sorted(foreignKeys), checks: sorted(checks) };
}

/** The tables a schema module exports, by SQL name. */
export function schemaTables(module: Record<string, unknown>): Map<string, SQLiteTable | PgTable> {
  const tables = new Map<string, SQLiteTable | PgTable>();
  for (const value of Object.values(module)) {
    if (is(value, SQLiteTable)) tables.set(sqliteConfig(value).name, value);
    else if (is(value, PgTable)) tables.set(pgConfig(value).name, value);
  }
  return tables;
}

/** Every difference between two schemas, one line each; empty when they agree. */
export function schemaDifferences(sqlite: Record<string, unknown>, pg: Record<string, unknown>): string[] {
  const a = schemaTables(sqlite);
  const b = schemaTables(pg);
  const out: string[] = [];
  for (const name of a.keys()) if (!b.has(name)) out.push(`table ${name}: only in SQLite`);
  for (const name of b.keys()) if (!a.has(name)) out.push(`table ${name}: only in PostgreSQL`);
  for (const [name, table] of a) {
    const other = b.get(name);
    if (other === undefined) continue;
    out.push(...tableDifferences(tableShape(table), tableShape(other)));
  }
  return out;
}

/** The differences between two table shapes (SQLite first). */
export function tableDifferences(a: TableShape, b: TableShape): string[] {
  const out: string[] = [];
  const t = a.name;
  for (const name of Object.keys(a.columns)) if (b.columns[name] === undefined) out.push(`${t}.${name}: only in SQLite`);
  for (const name of Object.keys(b.columns)) if (a.columns[name] === undefined) out.push(`${t}.${name}: only in PostgreSQL`);
  for (const [name, ca] of Object.entries(a.columns)) {
    const cb = b.columns[name];
    if (cb === undefined) continue;
    for (const key of ['kind', 'notNull', 'default', 'generatedId'] as const) {
      if (ca[key] !== cb[key]) out.push(`${t}.${name}: ${key} ${String(ca[key])} in SQLite, ${String(cb[key])} in PostgreSQL`);
    }
  }
  const lists = [
    ['primary key', a.primaryKey, b.primaryKey],
    ['indexes', a.indexes, b.indexes],
    ['foreign keys', a.foreignKeys, b.foreignKeys],
    ['checks', a.checks, b.checks],
  ] as const;
  for (const [what, la, lb] of lists) {
    if (la.join('; ') !== lb.join('; ')) out.push(`${t} ${what}: [${la.join('; ')}] in SQLite, [${lb.join('; ')}] in PostgreSQL`);
  }
  return out;
}
