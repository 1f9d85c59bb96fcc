import type { IssueLike } from '@hydrolog/schemas';
import { notifications } from '@mantine/notifications';
import { type ChangeEvent, useCallback, useState } from 'react';
import { RequestError } from '../api/request.ts';
import { type FieldErrors, fieldErrors, validate } from '../lib/forms.ts';
import { useClickGate } from './useClickGate.ts';
import { useCountdown } from './useCountdown.ts';

type Schema<T> = {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: IssueLike[] } };
};

/**
 * The one way a form works here: values, their field errors, a busy flag, and a submit that validates with
 * the shared zod schema, lets one click through per 3 s (spec section 9), and puts the server's field
 * errors (HTTP 400) under the fields. Other failures were already shown by the request layer. A click the
 * 3 s gate holds back changes nothing (no check, no error, no call): it sets `retryIn`, the seconds left,
 * counting down to 0, for the form to show.
 */
export function useSchemaForm<Values extends Record<string, unknown>, Parsed>(
  schema: Schema<Parsed>,
  initial: Values,
) {
  const [values, setValues] = useState(initial);
  const [opened] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const gate = useClickGate();
  const { left: retryIn, start: countDown } = useCountdown();

  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  /** Props binding a text input or a text area to a string field. */
  const text = (key: keyof Values & string) => ({
    value: String(values[key] ?? ''),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(key, event.currentTarget.value as Values[typeof key]),
    error: errors[key],
  });

  /** Props binding a number input to a number field; an emptied input gives 0. */
  const number = (key: keyof Values & string) => ({
    value: values[key] as number,
    onChange: (value: number | string) =>
      set(key, (typeof value === 'number' ? value : Number(value) || 0) as Values[typeof key]),
    error: errors[key],
  });

  /**
   * Takes a fresher copy of the record being edited (it loads while the dialog is already open), keeping
   * every field the user has changed since.
   */
  const refresh = useCallback(
    (fresh: Values) =>
      setValues(
        (current) =>
          Object.fromEntries(
            Object.entries(fresh).map(([key, value]) => [
              key,
              current[key] === opened[key] ? value : current[key],
            ]),
          ) as Values,
      ),
    [opened],
  );

  /** Runs `send` with the parsed values when they and the `extra` checks pass; true once it succeeded. */
  async function submit(send: (data: Parsed) => Promise<unknown>, extra: FieldErrors = {}): Promise<boolean> {
    const wait = gate.remaining();
    if (wait > 0) {
      countDown(Math.ceil(wait / 1000), wait % 1000 || 1000);
      return false;
    }
    const checked = validate(schema, values);
    const found = { ...checked.errors, ...extra };
    setErrors(found);
    if (!checked.data || Object.keys(found).length > 0) return false;
    gate();
    setBusy(true);
    try {
      await send(checked.data);
      return true;
    } catch (error) {
      if (error instanceof RequestError && error.fieldErrors.length > 0)
        setErrors(fieldErrors(error.fieldErrors));
      return false;
    } finally {
      setBusy(false);
    }
  }

  /** `submit`, then once it succeeded the green notice `savedMessage` and `then` (to close, reload...). */
  async function save(send: (data: Parsed) => Promise<unknown>, savedMessage: string, then: () => void) {
    if (!(await submit(send))) return;
    notifications.show({ color: 'green', message: savedMessage });
    then();
  }

  return { values, setValues, refresh, set, text, number, errors, setErrors, busy, retryIn, submit, save };
}

/**
 * What a form that creates a record, or edits `editing`, sends: the form checked its values with the
 * create or the update schema accordingly, so they are the body of the call made.
 */
export function createOrUpdate<Update, Create>(
  editing: unknown,
  update: (body: Update) => Promise<unknown>,
  create: (body: Create) => Promise<unknown>,
) {
  return (data: unknown) => (editing ? update(data as Update) : create(data as Create));
}
