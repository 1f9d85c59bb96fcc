import type { MsgCheckBody, RegisterBody, Registered } from '@hydrolog/schemas';
import { request, requestData } from '../../../api/request.ts';

/** Experience-account registration (open, no session) and the operators' message outbox. */

export type { RegisterBody, Registered } from '@hydrolog/schemas';

/** A 6-digit code to a phone that has no account yet. */
export const sendRegisterCode = (areaCode: string, phone: string) =>
  request<{ code: number; msg: string }>('/system/msg/send', {
    method: 'POST',
    body: { purpose: 'register', areaCode, phone },
    noToken: true,
  });

export const checkRegisterCode = (body: Omit<MsgCheckBody, 'purpose'>) =>
  request<{ code: number; msg: string }>('/system/msg/check', {
    method: 'POST',
    body: { purpose: 'register', ...body },
    noToken: true,
  });

/** The trial tenant and its administrator; the initial password is answered this once. */
export const register = (body: RegisterBody) =>
  requestData<Registered>('/auth/register', { method: 'POST', body, noToken: true });
