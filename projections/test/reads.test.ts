import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  allProjections,
  allQueryFolders,
  customersProjection,
  type Projection,
  type QueryFolder,
} from '../src/index.ts';

const SRC = join(import.meta.dirname, '../src');

/** Which projection owns each table, and each `tenant_<table>` view. */
const owners = new Map<string, string>();
for (const projection of allProjections) {
  for (const table of projection.tables) owners.set(table, projection.name);
  for (const table of projection.tenantViews ?? []) owners.set(`tenant_${table}`, projection.name);
}
const tableOf = (name: string) => name.replace(/^tenant_/, '');

/** The projections' tables named in SQL text (comments left out): after FROM, JOIN, INTO, UPDATE or TABLE. */
function tablesIn(source: string): Set<string> {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
  const names = [...code.matchAll(/\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+(\w+)/g)].map((m) => m[1]!);
  return new Set(names.filter((name) => owners.has(name)).map(tableOf));
}

const sourcesIn = (dir: string) =>
  readdirSync(dir)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => readFileSync(join(dir, file), 'utf8'));

const contextDirs = readdirSync(SRC, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The exported SQL helpers, by name: those every context shares (src/*.ts) and those a context lends the
 * others through its index (a join of its tables): a call reads their tables, and those of the helpers it
 * calls in turn.
 */
const sharedHelpers = new Map<string, Set<string>>();
const helperTexts = new Map<string, string>();
for (const text of [SRC, ...contextDirs.map((dir) => join(SRC, dir))].flatMap(sourcesIn)) {
  for (const part of text.split(/(?=^export )/m)) {
    const name = part.match(/^export (?:async )?(?:function|const) (\w+)/)?.[1];
    if (name) helperTexts.set(name, part);
  }
}
const calls = (text: string, name: string) => new RegExp(`\\b${name}\\(`).test(text);
for (let grown = true; grown; ) {
  grown = false;
  for (const [name, text] of helperTexts) {
    const tables = tablesIn(text);
    for (const [other, read] of sharedHelpers) if (calls(text, other)) for (const t of read) tables.add(t);
    if (tables.size > (sharedHelpers.get(name)?.size ?? 0)) {
      sharedHelpers.set(name, tables);
      grown = true;
    }
  }
}

/** The tables a text reads, directly or through the shared helpers it calls. */
function tablesRead(text: string): Set<string> {
  const tables = tablesIn(text);
  for (const [name, read] of sharedHelpers) {
    if (calls(text, name)) for (const table of read) tables.add(table);
  }
  return tables;
}

interface ContextSql {
  context: string;
  /**
   * Each projection defined in the folder, with the tables the text of its definition and the helpers after
   * it read; in a folder of queries only, its declaration, whose handlers (none) read nothing.
   */
  definitions: { projection: Projection | QueryFolder; tables: Set<string> }[];
  /** The tables the folder's other files (its queries) name. */
  queries: Set<string>;
}

const PROJECTION_START = /(?=^export const \w+: Projection = \{)/m;
const QUERY_FOLDER = /^export const \w+: QueryFolder = \{\s*name: '(\w+)'/m;

/** Reads a context folder's sources: each projection's definition apart from the queries. */
function readContext(context: string): ContextSql {
  const definitions: ContextSql['definitions'] = [];
  const queries = new Set<string>();
  for (const text of sourcesIn(join(SRC, context))) {
    const [head, ...parts] = text.split(PROJECTION_START);
    if (parts.length === 0) {
      const name = head!.match(QUERY_FOLDER)?.[1];
      if (name) {
        const folder = allQueryFolders.find((f) => f.name === name);
        if (!folder) throw new Error(`${context}: a query folder not in allQueryFolders (${name})`);
        definitions.push({ projection: folder, tables: new Set() });
      }
      for (const table of tablesRead(head!)) queries.add(table);
      continue;
    }
    parts[0] = head + parts[0]!;
    for (const part of parts) {
      const name = part.match(/^export const \w+: Projection = \{\s*name: '(\w+)'/m)?.[1];
      const projection = allProjections.find((p) => p.name === name);
      if (!projection) throw new Error(`${context}: a projection not in allProjections (${name})`);
      definitions.push({ projection, tables: tablesRead(part) });
    }
  }
  return { context, definitions, queries };
}

/** What is wrong with a folder's declarations: reads not declared, declarations not read. */
function declarationErrors({ context, definitions, queries }: ContextSql): string[] {
  const inFolder = new Set(definitions.map((d) => d.projection.name));
  const errors: string[] = [];
  if (definitions.length === 0) errors.push(`${context}/ has no projection and declares no QueryFolder`);
  const declaredInFolder = new Set(definitions.flatMap((d) => d.projection.reads));
  for (const { projection, tables } of definitions) {
    const foreign = [...tables].filter((t) => owners.get(t) !== projection.name);
    for (const table of foreign) {
      if (!projection.reads.includes(table))
        errors.push(
          `${projection.name} reads ${table} (of ${owners.get(table)}) in its handlers without declaring it`,
        );
    }
    for (const table of projection.reads) {
      const owner = owners.get(table);
      if (!owner || owner === projection.name)
        errors.push(`${projection.name} declares ${table}, which is not another projection's table`);
      else if (!tables.has(table) && !(queries.has(table) && !inFolder.has(owner)))
        errors.push(`${projection.name} declares ${table}, which ${context}/ does not read`);
    }
  }
  for (const table of queries) {
    if (!inFolder.has(owners.get(table)!) && !declaredInFolder.has(table))
      errors.push(
        `the queries of ${context}/ read ${table} (of ${owners.get(table)}), which the folder does not declare`,
      );
  }
  return errors;
}

const contexts = contextDirs.map(readContext);

describe('the tables a projection reads', () => {
  it.each(contexts)('are declared in $context/ exactly as its SQL reads them', (context) => {
    expect(declarationErrors(context)).toEqual([]);
  });

  it('covers every projection and every folder of queries', () => {
    const checked = contexts.flatMap((c) => c.definitions.map((d) => d.projection.name));
    expect(checked.sort()).toEqual([...allProjections, ...allQueryFolders].map((p) => p.name).sort());
  });

  it('fails on a read that is not declared and on a declaration that is not read', () => {
    const projection = { ...customersProjection, reads: ['meters', 'tenants'] };
    const planted: ContextSql = {
      context: 'customers',
      definitions: [{ projection, tables: new Set(['customers', 'users']) }],
      queries: new Set(['customers', 'meters', 'cascade_alarms']),
    };
    expect(declarationErrors(planted)).toEqual([
      'customers reads users (of users) in its handlers without declaring it',
      'customers declares tenants, which customers/ does not read',
      'the queries of customers/ read cascade_alarms (of cascade), which the folder does not declare',
    ]);
  });

  it('fails on a folder of queries that reads what it does not declare, or declares nothing', () => {
    const folder: QueryFolder = { name: 'dashboard', reads: ['meters', 'users'] };
    const queries = new Set(['meters', 'customers']);
    expect(
      declarationErrors({
        context: 'dashboard',
        definitions: [{ projection: folder, tables: new Set() }],
        queries,
      }),
    ).toEqual([
      'dashboard declares users, which dashboard/ does not read',
      'the queries of dashboard/ read customers (of customers), which the folder does not declare',
    ]);
    expect(declarationErrors({ context: 'dashboard', definitions: [], queries })).toEqual([
      'dashboard/ has no projection and declares no QueryFolder',
      'the queries of dashboard/ read meters (of meterRegistry), which the folder does not declare',
      'the queries of dashboard/ read customers (of customers), which the folder does not declare',
    ]);
  });
});
