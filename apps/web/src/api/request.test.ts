import { describe, expect, it } from 'vitest';
import { classifyFailure, SESSION_ENDED, withoutNulls } from './request.ts';

const t = (key: string, params?: Record<string, string>) =>
  params ? `${key} ${JSON.stringify(params)}` : key;

describe('response handling (spec section 8)', () => {
  it('returns refused input to the form', () => {
    const errors = [{ field: 'name', message: 'Required' }];
    expect(classifyFailure(400, { code: 400, msg: 'Some fields are not valid', errors }, t)).toEqual({
      kind: 'fields',
      message: 'Some fields are not valid',
      errors,
    });
  });

  it('ends the session on code 100102000002 with the server message', () => {
    expect(classifyFailure(200, { code: SESSION_ENDED, msg: 'Session ended' }, t)).toEqual({
      kind: 'sessionEnded',
      message: 'Session ended',
      code: SESSION_ENDED,
    });
  });

  it('shows the server message for code 500, the code table for 401/403/404, else the message or the default', () => {
    expect(classifyFailure(200, { code: 500, msg: 'Wrong password' }, t)).toMatchObject({
      message: 'Wrong password',
    });
    expect(classifyFailure(403, { code: 403, msg: 'Forbidden' }, t)).toMatchObject({ message: 'http.403' });
    expect(classifyFailure(401, { code: 401, msg: 'x' }, t)).toMatchObject({ message: 'http.401' });
    expect(classifyFailure(200, { code: 601, msg: 'Careful' }, t)).toMatchObject({
      message: 'Careful',
      code: 601,
    });
    expect(classifyFailure(200, { code: 601 }, t)).toMatchObject({ message: 'errors.unknown' });
  });

  it('falls back to the HTTP status when there is no envelope', () => {
    expect(classifyFailure(404, null, t)).toMatchObject({ message: 'http.404', code: 404 });
    expect(classifyFailure(502, null, t)).toMatchObject({
      message: 'errors.status {"status":"502"}',
      code: 502,
    });
  });

  it('drops null fields from request bodies, deeply', () => {
    expect(withoutNulls({ a: null, b: 1, c: { d: null, e: [null, { f: null, g: 'x' }] } })).toEqual({
      b: 1,
      c: { e: [null, { g: 'x' }] },
    });
  });
});
