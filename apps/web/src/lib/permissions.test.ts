import { describe, expect, it } from 'vitest';
import { createClickGate } from '../hooks/useClickGate.ts';
import { hasAnyRole, permits } from './permissions.ts';

describe('permission and role directives (spec section 6)', () => {
  it('passes with the wildcard or one of the listed permissions', () => {
    expect(permits(['*:*:*'], ['system:user:add'])).toBe(true);
    expect(permits(['system:user:list', 'system:user:add'], ['system:user:edit', 'system:user:add'])).toBe(
      true,
    );
    expect(permits(['system:user:list'], ['system:user:add'])).toBe(false);
    expect(permits(undefined, ['system:user:add'])).toBe(false);
    expect(permits(['*:*:*'], [])).toBe(false);
  });

  it('passes role admin or one of the listed roles', () => {
    expect(hasAnyRole(['admin'], ['operator'])).toBe(true);
    expect(hasAnyRole(['operator'], ['operator', 'viewer'])).toBe(true);
    expect(hasAnyRole(['ROLE_DEFAULT'], ['operator'])).toBe(false);
  });
});

describe('click gate (3000 ms debounce)', () => {
  it('lets the first click through and ignores the next ones for 3 s', () => {
    let now = 1000;
    const gate = createClickGate(3000, () => now);
    expect(gate()).toBe(true);
    now += 2999;
    expect(gate()).toBe(false);
    now += 1;
    expect(gate()).toBe(true);
  });

  it('tells how long it still waits', () => {
    let now = 0;
    const gate = createClickGate(3000, () => now);
    expect(gate.remaining()).toBe(0);
    gate();
    now += 1200;
    expect(gate.remaining()).toBe(1800);
    // A refused click does not restart the wait.
    expect(gate()).toBe(false);
    expect(gate.remaining()).toBe(1800);
    now += 1800;
    expect(gate.remaining()).toBe(0);
  });
});
