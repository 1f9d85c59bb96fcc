import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Business refusals live in the deciders (DESIGN principle 2). The API itself refuses only what no
 * aggregate decides: an unknown id, who the caller is, the uploaded file's format, and what its
 * infrastructure says. Every `new DomainError(` under src/, and every key a DomainError subclass of src/
 * gives, must fall in one of these categories; every other refusal the API throws comes from a decider.
 */
const SOURCE = join(import.meta.dirname, '../src');

/** The categories, by message key. */
const ALLOWED: Record<string, RegExp> = {
  /**
   * An unknown id, or another tenant's: the read model has no such record for the caller (a meter group
   * names the numbers of no meter of the tenant).
   */
  notFound: /^error\.([\w.]+\.(notFound|\w+NotFound)|group\.unknownMeters)$/,
  /** Who the caller is: credentials, a password or a one-time code they must know. */
  authentication: /^error\.(login\.\w+|password\.oldWrong|recovery\.codeWrong)$/,
  /** The uploaded file itself: missing, too large, of the wrong type, empty or with too many rows. */
  uploadedFile:
    /^(error\.upload\.\w+|error\.\w+\.(importFile|importEmpty|importTooMany|empty|tooMany|size)|validation\.(atLeastOne|tooMany))$/,
  /**
   * What the infrastructure answers: a message provider that failed, or a read model's unique index that
   * refused accounts another opening took between the read and the append.
   */
  infrastructure: /^error\.(sms\.sendFailed|customer\.openConflict)$/,
};

/** Refusals allowed in one file only, by file and first argument as written: each names its category. */
const ALLOWED_AT: Record<string, string> = {
  'platform/records.ts notFound': 'notFound',
  'auth/identity.ts reason': 'authentication',
  'spreadsheet.ts options.unreadable': 'uploadedFile',
  'spreadsheet.ts options.tooMany': 'uploadedFile',
  // A read model's unique index refused the append: a name or number another request took meanwhile.
  'commands.ts context.taken': 'infrastructure',
  // A number of no meter of the tenant, named as the cascade decider names the meters a point may not take.
  "cascade/lookups.ts 'error.cascade.meterNotOpened'": 'notFound',
};

/**
 * What the API throws besides a `new` error and a caught one thrown on, by file and expression as written
 * up to its first call or operator: each comes from a decider or from one of the refusals checked above.
 */
const ALLOWED_THROWS: Record<string, string> = {
  // The refusal of the decider deciding a command.
  'commands.ts decided': 'decider',
  // The customer decider's refusal on what another opening took meanwhile, or the conflict itself.
  'customers/open-account.ts decided': 'decider',
  // The bill decider's refusal of a bill the run computed, decided on a stream the run knows is new.
  'billing/run-bills.ts decided': 'decider',
  // The OpeningConflict (infrastructure) of a batch open that another opening overtook.
  'customers/import.ts result.conflict': 'infrastructure',
  // A sign-in refused: `new DomainError(reason` in the same file.
  'auth/identity.ts refuse': 'authentication',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Each source file by its path under src/, with its lines. */
const sources = sourceFiles(SOURCE).map((path) => ({
  file: relative(SOURCE, path),
  lines: readFileSync(path, 'utf8').split('\n'),
}));

interface Refusal {
  where: string;
  /** The first argument as written: a quoted key or an expression. */
  argument: string;
  line: string;
}

/** Every `new DomainError(`, and the `super(` of every DomainError subclass. */
function refusals(): Refusal[] {
  return sources.flatMap(({ file, lines }) => {
    const subclass = lines.some((line) => /\bextends DomainError\b/.test(line));
    const pattern = subclass ? /(?:new DomainError|\bsuper)\(\s*([^,)]+)/g : /new DomainError\(\s*([^,)]+)/g;
    return lines.flatMap((line, i) =>
      [...line.matchAll(pattern)].map((match) => ({
        where: `${file}:${i + 1}`,
        argument: match[1]!.trim(),
        line,
      })),
    );
  });
}

function categoryOf({ where, argument, line }: Refusal): string | null {
  const file = where.slice(0, where.lastIndexOf(':'));
  const at = ALLOWED_AT[`${file} ${argument}`];
  if (at) return at;
  const key = /^'([^']+)'$/.exec(argument)?.[1];
  if (key === undefined) return null;
  // A unique index's refusal, translated to its message where the append is made.
  if (line.includes('isUniqueViolation(')) return 'infrastructure';
  return Object.entries(ALLOWED).find(([, pattern]) => pattern.test(key))?.[0] ?? null;
}

interface Thrown {
  where: string;
  /** The thrown expression up to its first call or operator (`await` left out). */
  expression: string;
  /** The names the file gives the errors it catches or its error handlers are handed. */
  caught: ReadonlySet<string>;
}

/** Every `throw` of something other than a `new` error, in code (comments left out). */
function throws(): Thrown[] {
  return sources.flatMap(({ file, lines }) => {
    const text = lines.join('\n');
    // A catch's error, or one handed to an error handler (a parameter typed unknown or FastifyError).
    const caught = new Set(
      [
        ...text.matchAll(/\bcatch\s*\(\s*(?:async\s*)?\(?\s*(\w+)/g),
        ...text.matchAll(/[(,]\s*(\w+)\s*:\s*(?:unknown|FastifyError)\b/g),
      ].map((match) => match[1]!),
    );
    return lines.flatMap((line, i) => {
      if (/^\s*(\/\/|\*|\/\*)/.test(line)) return [];
      return [...line.matchAll(/\bthrow\s+(?:await\s+)?([\w.]+)/g)]
        .filter((match) => match[1] !== 'new')
        .map((match) => ({ where: `${file}:${i + 1}`, expression: match[1]!, caught }));
    });
  });
}

function throwAllowed({ where, expression, caught }: Thrown): boolean {
  const file = where.slice(0, where.lastIndexOf(':'));
  return caught.has(expression) || `${file} ${expression}` in ALLOWED_THROWS;
}

describe('business rules in deciders', () => {
  it('finds the refusals and the throws it checks', () => {
    expect(refusals().length).toBeGreaterThan(40);
    expect(refusals().map((r) => r.argument)).toContain("'error.customer.openConflict'");
    expect(throws().length).toBeGreaterThan(10);
  });

  it('refuses in the API only an unknown id, the caller, the uploaded file or the infrastructure', () => {
    const elsewhere = refusals()
      .filter((refusal) => categoryOf(refusal) === null)
      .map(({ where, argument }) => `${where} ${argument}`);
    expect(elsewhere, 'business refusals belong in the aggregate decider').toEqual([]);
  });

  it('throws no refusal of its own making but those, nor one a domain rule answers outside a decider', () => {
    const elsewhere = throws()
      .filter((thrown) => !throwAllowed(thrown))
      .map(({ where, expression }) => `${where} ${expression}`);
    expect(elsewhere, 'business refusals belong in the aggregate decider').toEqual([]);
  });

  it('keeps no exception that no longer exists', () => {
    const found = new Set(
      refusals().map(({ where, argument }) => `${where.slice(0, where.lastIndexOf(':'))} ${argument}`),
    );
    expect(Object.keys(ALLOWED_AT).filter((entry) => !found.has(entry))).toEqual([]);
    const thrown = new Set(
      throws().map(({ where, expression }) => `${where.slice(0, where.lastIndexOf(':'))} ${expression}`),
    );
    expect(Object.keys(ALLOWED_THROWS).filter((entry) => !thrown.has(entry))).toEqual([]);
  });

  it('recognises a business refusal made in the API', () => {
    const refusal = { where: 'identity/roles.ts:1', argument: "'error.role.inUse'", line: '' };
    expect(categoryOf(refusal)).toBeNull();
    expect(categoryOf({ ...refusal, argument: "'error.role.notFound'" })).toBe('notFound');
    expect(categoryOf({ ...refusal, argument: "'error.role.unknownMenu'" })).toBeNull();
    // Allowed in one file only.
    const notOpened = {
      where: 'cascade/sub-meters.ts:1',
      argument: "'error.cascade.meterNotOpened'",
      line: '',
    };
    expect(categoryOf(notOpened)).toBeNull();
    expect(categoryOf({ ...notOpened, where: 'cascade/lookups.ts:1' })).toBe('notFound');
  });

  it("recognises a domain rule's refusal thrown by the API instead of its decider", () => {
    const caught = new Set(['error']);
    const thrown = { where: 'customers/open-account.ts:1', expression: 'openingRefusal', caught };
    expect(throwAllowed(thrown)).toBe(false);
    expect(throwAllowed({ ...thrown, expression: 'refused' })).toBe(false);
    expect(throwAllowed({ ...thrown, expression: 'error' })).toBe(true);
    expect(throwAllowed({ ...thrown, expression: 'decided' })).toBe(true);
    expect(throwAllowed({ ...thrown, where: 'meters/move-meters.ts:1', expression: 'decided' })).toBe(false);
  });
});
