// @vitest-environment jsdom

import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useSchemaForm } from './useSchemaForm.ts';

const schema = z.object({ name: z.string(), leader: z.string(), phone: z.string() });
type Values = z.infer<typeof schema>;

describe('a form editing a record that loads afresh', () => {
  it('takes the fresh values of the fields the user has not touched and keeps what was typed', () => {
    const fromRow: Values = { name: 'Leak team', leader: '', phone: '0100' };
    const { result } = renderHook(() => useSchemaForm<Values, Values>(schema, fromRow));

    act(() => result.current.set('leader', 'Ada'));
    act(() => result.current.refresh({ name: 'Leak squad', leader: 'Bob', phone: '0100' }));

    expect(result.current.values).toEqual({ name: 'Leak squad', leader: 'Ada', phone: '0100' });
  });

  it('takes all of it when nothing was typed yet', () => {
    const { result } = renderHook(() =>
      useSchemaForm<Values, Values>(schema, { name: 'Leak team', leader: '', phone: '' }),
    );

    act(() => result.current.refresh({ name: 'Leak team', leader: 'Bob', phone: '0200' }));

    expect(result.current.values).toEqual({ name: 'Leak team', leader: 'Bob', phone: '0200' });
  });
});

describe('a click the 3 s gate holds back', () => {
  const named = z.object({ name: z.string().min(1, 'validation.required') });

  it('changes nothing, neither checking the values nor sending them, and says how long it waits', async () => {
    const { result } = renderHook(() => useSchemaForm(named, { name: 'Leak team' }));
    const sent: unknown[] = [];
    const send = async (data: unknown) => {
      sent.push(data);
    };

    let first = false;
    await act(async () => {
      first = await result.current.submit(send);
    });
    expect(first).toBe(true);
    expect(result.current.retryIn).toBe(0);

    act(() => result.current.set('name', ''));
    let second = true;
    await act(async () => {
      second = await result.current.submit(send);
    });
    expect(second).toBe(false);
    expect(sent).toEqual([{ name: 'Leak team' }]);
    expect(result.current.errors).toEqual({});
    expect(result.current.values).toEqual({ name: '' });
    expect(result.current.retryIn).toBeGreaterThanOrEqual(1);
    expect(result.current.retryIn).toBeLessThanOrEqual(3);
  });
});
