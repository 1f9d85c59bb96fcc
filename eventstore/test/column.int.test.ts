import { expect, it } from 'vitest';
import { column } from '../src/index.ts';
import { testEngines } from '../src/testing.ts';

// PostgreSQL receives a column in its binary array format, PGlite as an array literal: both store the same.
for (const { engine, open } of testEngines()) {
  it(`${engine} takes number and boolean columns with nulls, and empty ones, as the values they hold, and refuses what int4 cannot hold`, async () => {
    const db = await open();
    try {
      const { rows } = await db.query<{ f: number[]; i: number[]; b: boolean[]; empty: number[]; n: number }>(
        `SELECT $1::float8[] AS f, $2::int4[] AS i, $3::bool[] AS b, $4::float8[] AS empty,
           (SELECT count(*)::int FROM unnest($1::float8[], $2::int4[])) AS n`,
        [
          column('float8', [1.5, null, undefined, -0, 1e308, 0.1 + 0.2, -123456.789]),
          column('int4', [1, -2, 2147483647, null]),
          column('bool', [true, false, null]),
          column('float8', []),
        ],
      );
      const row = rows[0]!;
      expect(row.f).toEqual([1.5, null, null, 0, 1e308, 0.1 + 0.2, -123456.789]);
      expect(Object.is(row.f[3], 0)).toBe(true);
      expect(row.i).toEqual([1, -2, 2147483647, null]);
      expect(row.b).toEqual([true, false, null]);
      expect(row.empty).toEqual([]);
      expect(row.n).toBe(7);
      for (const value of [2 ** 31, 1.5])
        await expect(db.query('SELECT $1::int4[] AS i', [column('int4', [value])])).rejects.toThrow();
    } finally {
      await db.close();
    }
  });
}
