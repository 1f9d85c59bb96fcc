import { describe, expect, it } from 'vitest';
import { brokenTextPaths } from '../src/field-errors.ts';

describe('brokenTextPaths', () => {
  it('names each value and key holding a NUL or half a surrogate pair, at any depth', () => {
    const body = { name: 'ok\0', items: [{ note: 'fine' }, { note: '\ud800x' }], 'bad\0key': 1, emoji: '💧' };
    expect(brokenTextPaths(body)).toEqual([['name'], ['items', '1', 'note'], []]);
  });

  it('reads no bytes of a binary body, which its own decoder checks', () => {
    expect(brokenTextPaths(Buffer.from('\0\ud800 readings', 'utf16le'))).toEqual([]);
    expect(brokenTextPaths({ file: new Uint8Array([0, 0xd8]) })).toEqual([]);
  });
});
