/**
 * A shop as a portable file, the same from and into either dialect (`tessera export` / `tessera import`): JSON lines,
 * a header line, then per table a line `{"table", "columns", "rows"}` followed by one object per row (keys are the SQL
 * column names). Money and counts are integers, flags true/false, times ISO-8601 UTC with milliseconds
 * (`2026-11-27T12:00:00.000Z`), text as is. Tables come parents first (by foreign key), rows in primary-key order
 * (text compared byte by byte in both dialects), so one shop exports to the same bytes from SQLite and PostgreSQL.
 * An import fills an empty store in one transaction: a file that fails half-way leaves nothing behind.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { quote, type RawDb, type Row } from './raw-db.js';
import * as pgSchema from './schema-pg.js';
import { timestamptzToMs } from './schema-pg.js';
import { schemaTables, tableShape, type ColumnKind, type TableShape } from './schema-shape.js';

export const EXPORT_FORMAT = 'tessera-export';
export const EXPORT_VERSION = 1;

/** Rows per INSERT statement (PostgreSQL takes at most 65,535 parameters; the widest table has 48 columns). */
const BATCH = 500;

/** A line of the file that cannot go in: its line number and what is wrong. */
export class PortableFileError extends Error {
  readonly code = 'TESSERA_BAD_EXPORT_FILE';
}

/** The store's tables, parents before the tables whose foreign keys point at them. */
export function tablesInOrder(): TableShape[] {
  const tables = [...schemaTables(pgSchema).values()] as PgTable[];
  const byName = new Map(tables.map((t) => [getTableConfig(t).name, t]));
  const done = new Set<string>();
  const ordered: TableShape[] = [];
  const visit = (name: string) => {
    if (done.has(name)) return;
    done.add(name);
    for (const fk of getTableConfig(byName.get(name)!).foreignKeys) {
      const parent = getTableConfig(fk.reference().foreignTable).name;
      if (parent !== name) visit(parent);
    }
    ordered.push(tableShape(byName.get(name)!));
  };
  for (const name of [...byName.keys()].sort()) visit(name);
  return ordered;
}

/** A value as it leaves the database, to its portable form. */
function exportValue(kind: ColumnKind, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'text':
      return String(value);
    case 'boolean':
      return value === true || value === 1 || value === 't';
    case 'integer': {
      const n = Number(value);
      if (!Number.isSafeInteger(n)) throw new Error(`not a safe integer: ${String(value)}`);
      return n;
    }
    case 'time':
      return new Date(timestamptzToMs(value)).toISOString();
  }
}

/**
 * Writes the store as portable lines; `write` gets one line at a time (with its newline). Returns rows per table.
 * The store may be serving meanwhile: the export reads one snapshot.
 */
export async function exportStore(db: RawDb, write: (line: string) => void | Promise<void>): Promise<Record<string, number>> {
  // one snapshot for every table: a live store exports as it was at one moment, every reference whole
  return await db.transaction(() => exportTables(db, write), { snapshot: true });
}

async function exportTables(db: RawDb, write: (line: string) => void | Promise<void>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  await write(JSON.stringify({ format: EXPORT_FORMAT, version: EXPORT_VERSION }) + '\n');
  for (const table of tablesInOrder()) {
    const columns = Object.keys(table.columns);
    const [{ n }] = (await db.query(`SELECT count(*) AS n FROM ${quote(table.name)}`)) as [{ n: unknown }];
    counts[table.name] = Number(n);
    await write(JSON.stringify({ table: table.name, columns, rows: Number(n) }) + '\n');
    const order = table.primaryKey.map((c) => (table.columns[c]!.kind === 'text' && db.dialect === 'postgresql' ? `${quote(c)} COLLATE "C"` : quote(c))).join(', ');
    let written = 0;
    for await (const row of db.stream(`SELECT ${columns.map(quote).join(', ')} FROM ${quote(table.name)} ORDER BY ${order}`)) {
      const out: Row = {};
      for (const c of columns) out[c] = exportValue(table.columns[c]!.kind, row[c]);
      await write(JSON.stringify(out) + '\n');
      written++;
    }
    if (written !== counts[table.name]) throw new Error(`${table.name}: ${counts[table.name]} rows counted, ${written} read`);
  }
  return counts;
}

/** A portable value to what `db` takes for a column of `kind`; throws a message when it is the wrong kind. */
function importValue(kind: ColumnKind, notNull: boolean, value: unknown, dialect: RawDb['dialect']): unknown {
  if (value === null) {
    if (notNull) throw new Error('is null but may not be');
    return null;
  }
  switch (kind) {
    case 'text':
      if (typeof value !== 'string') throw new Error('should be text');
      return value;
    case 'integer':
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new Error('should be an integer');
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') throw new Error('should be true or false');
      return dialect === 'sqlite' ? (value ? 1 : 0) : value;
    case 'time': {
      if (typeof value !== 'string' || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,3})?Z$/.test(value)) throw new Error('should be an ISO-8601 UTC time (2026-11-27T12:00:00.000Z)');
      return dialect === 'sqlite' ? Date.parse(value) : value;
    }
  }
}

/**
 * Reads a portable file into `db`, which must hold no rows in any of the file's tables. Returns rows per table.
 * A line that does not fit (unknown table or column, a value of the wrong kind, a row count that disagrees) is a
 * PortableFileError naming its line; nothing is kept then.
 */
export async function importStore(db: RawDb, file: string): Promise<Record<string, number>> {
  const shapes = new Map(tablesInOrder().map((t) => [t.name, t]));
  for (const table of shapes.values()) {
    const [{ n }] = (await db.query(`SELECT count(*) AS n FROM ${quote(table.name)}`)) as [{ n: unknown }];
    if (Number(n) > 0) throw new PortableFileError(`the target store is not empty (${table.name} has ${Number(n)} rows): import into a new database`);
  }
  const counts: Record<string, number> = {};
  await db.transaction(async () => {
    const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
    let lineNo = 0;
    let header = false;
    let current: { shape: TableShape; columns: string[]; expected: number; batch: unknown[][] } | undefined;
    const fail = (message: string): never => {
      throw new PortableFileError(`${file}:${lineNo}: ${message}`);
    };
    const flush = async () => {
      if (current === undefined || current.batch.length === 0) return;
      const { shape, columns, batch } = current;
      const row = `(${columns.map(() => '?').join(', ')})`;
      await db.query(`INSERT INTO ${quote(shape.name)} (${columns.map(quote).join(', ')}) VALUES ${batch.map(() => row).join(', ')}`, batch.flat());
      current.batch = [];
    };
    const finishTable = async () => {
      if (current === undefined) return;
      await flush();
      if (counts[current.shape.name] !== current.expected) fail(`${current.shape.name} promised ${current.expected} rows and has ${counts[current.shape.name]}`);
    };
    for await (const text of lines) {
      lineNo++;
      if (text.trim() === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        fail('not JSON');
      }
      if (typeof value !== 'object' || value === null || Array.isArray(value)) fail('should be a JSON object');
      const record = value as Row;
      if (!header) {
        if (record['format'] !== EXPORT_FORMAT) fail(`not a ${EXPORT_FORMAT} file (its first line names no format)`);
        if (record['version'] !== EXPORT_VERSION) fail(`export version ${String(record['version'])}: this tessera reads version ${EXPORT_VERSION}`);
        header = true;
        continue;
      }
      if (typeof record['table'] === 'string' && Array.isArray(record['columns'])) {
        await finishTable();
        const shape = shapes.get(record['table']) ?? fail(`unknown table ${record['table']}`);
        if (counts[shape.name] !== undefined) fail(`table ${shape.name} comes twice`);
        const columns = record['columns'] as unknown[];
        for (const c of columns) if (typeof c !== 'string' || shape.columns[c] === undefined) fail(`${shape.name} has no column ${String(c)}`);
        const expected = record['rows'];
        if (typeof expected !== 'number' || !Number.isSafeInteger(expected) || expected < 0) fail('rows should be a count');
        current = { shape, columns: columns as string[], expected: expected as number, batch: [] };
        counts[shape.name] = 0;
        continue;
      }
      if (current === undefined) fail('a row before any table line');
      const { shape, columns } = current!;
      const values = columns.map((c) => {
        const column = shape.columns[c]!;
        try {
          return importValue(column.kind, column.notNull, record[c] === undefined ? null : record[c], db.dialect);
        } catch (e) {
          return fail(`${shape.name}.${c} ${(e as Error).message}`);
        }
      });
      for (const key of Object.keys(record)) if (!columns.includes(key)) fail(`${shape.name} row has a column ${key} its table line does not name`);
      current!.batch.push(values);
      counts[shape.name]!++;
      if (current!.batch.length >= BATCH) await flush();
    }
    await finishTable();
    if (!header) fail('empty file');
    // PostgreSQL's identity columns go on numbering after the ids imported (SQLite's AUTOINCREMENT does so itself)
    if (db.dialect === 'postgresql') {
      for (const shape of shapes.values()) {
        for (const [name, column] of Object.entries(shape.columns)) {
          if (!column.generatedId) continue;
          await db.query(`SELECT setval(pg_get_serial_sequence(?, ?), coalesce(max(${quote(name)}), 0) + 1, false) FROM ${quote(shape.name)}`, [quote(shape.name), name]);
        }
      }
    }
  });
  return counts;
}
