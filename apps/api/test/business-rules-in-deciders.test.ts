import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Business refusals live in the deciders (DESIGN principle 2). The API itself refuses only what no
 * aggregate decides: an unknown id, who the caller is, the uploaded file's format, and what its
 * infrastructure says. Every `new DomainError(` under src/ must fall in one of these categories.
 */
const SOURCE = join(import.meta.dirname, '../src');

/** The categories, by message key. */
const ALLOWED: Record<string, RegExp> = {
  /** An unknown id, or another tenant's: the read model has no such record for the caller. */
  notFound:
    /^error\.([\w.]+\.(notFound|\w+NotFound)|cascade\.meterNotOpened|role\.unknownMenu|group\.unknownMeters)$/,
  /** Who the caller is: credentials, a password or a one-time code they must know. */
  authentication: /^error\.(login\.\w+|password\.oldWrong|recovery\.codeWrong)$/,
  /** The uploaded file itself: missing, too large, of the wrong type, empty or with too many rows. */
  uploadedFile:
    /^(error\.upload\.\w+|error\.\w+\.(importFile|importEmpty|importTooMany|empty|tooMany|size)|validation\.(atLeastOne|tooMany))$/,
  /** What the infrastructure answers: a message provider that failed. */
  infrastructure: /^error\.sms\.sendFailed$/,
};

/** Refusals whose key is a variable, by file and expression: each names its category. */
const ALLOWED_EXPRESSIONS: Record<string, string> = {
  'platform/records.ts notFound': 'notFound',
  'auth/identity.ts reason': 'authentication',
  'spreadsheet.ts options.unreadable': 'uploadedFile',
  'spreadsheet.ts options.tooMany': 'uploadedFile',
  // A read model's unique index refused the append: a name or number another request took meanwhile.
  'commands.ts context.taken': 'infrastructure',
};

/**
 * Refusals not in a decider yet, each with its reason. A new tenant's first administrator may not take a name
 * that another user signs in with (as name, email or phone): no unique index covers email and phone, and the
 * user decider does not take that fact yet.
 */
const PENDING = new Set(["platform/tenants.ts 'error.user.exists'"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

interface Refusal {
  where: string;
  /** The first argument as written: a quoted key or an expression. */
  argument: string;
  line: string;
}

function refusals(): Refusal[] {
  return sourceFiles(SOURCE).flatMap((path) => {
    const file = relative(SOURCE, path);
    return readFileSync(path, 'utf8')
      .split('\n')
      .flatMap((line, i) =>
        [...line.matchAll(/new DomainError\(\s*([^,)]+)/g)].map((match) => ({
          where: `${file}:${i + 1}`,
          argument: match[1]!.trim(),
          line,
        })),
      );
  });
}

function categoryOf({ where, argument, line }: Refusal): string | null {
  const file = where.slice(0, where.lastIndexOf(':'));
  if (PENDING.has(`${file} ${argument}`)) return 'pending';
  const key = /^'([^']+)'$/.exec(argument)?.[1];
  if (key === undefined) return ALLOWED_EXPRESSIONS[`${file} ${argument}`] ?? null;
  // A unique index's refusal, translated to its message where the append is made.
  if (line.includes('isUniqueViolation(')) return 'infrastructure';
  return Object.entries(ALLOWED).find(([, pattern]) => pattern.test(key))?.[0] ?? null;
}

describe('business rules in deciders', () => {
  it('finds the refusals it checks', () => {
    expect(refusals().length).toBeGreaterThan(40);
  });

  it('refuses in the API only an unknown id, the caller, the uploaded file or the infrastructure', () => {
    const elsewhere = refusals()
      .filter((refusal) => categoryOf(refusal) === null)
      .map(({ where, argument }) => `${where} ${argument}`);
    expect(elsewhere, 'business refusals belong in the aggregate decider').toEqual([]);
  });

  it('keeps no exception that no longer exists', () => {
    const found = new Set(
      refusals().map(({ where, argument }) => `${where.slice(0, where.lastIndexOf(':'))} ${argument}`),
    );
    expect([...PENDING, ...Object.keys(ALLOWED_EXPRESSIONS)].filter((entry) => !found.has(entry))).toEqual(
      [],
    );
  });

  it('recognises a business refusal thrown in the API', () => {
    const refusal = { where: 'identity/roles.ts:1', argument: "'error.role.inUse'", line: '' };
    expect(categoryOf(refusal)).toBeNull();
    expect(categoryOf({ ...refusal, argument: "'error.role.notFound'" })).toBe('notFound');
  });
});
