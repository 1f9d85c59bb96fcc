import type { MsgCheckBody, RegisterBody } from '@hydrolog/schemas';
import { api } from '../../../api/client.ts';

/** Experience-account registration (open, no session) and the operators' message outbox. */

export type { RegisterBody, Registered } from '@hydrolog/schemas';

/** A 6-digit code to a phone that has no account yet. */
export const sendRegisterCode = (areaCode: string, phone: string) =>
  api.call('POST /system/msg/send', { body: { purpose: 'register', areaCode, phone }, noToken: true });

export const checkRegisterCode = (body: Omit<MsgCheckBody, 'purpose'>) =>
  api.call('POST /system/msg/check', { body: { purpose: 'register', ...body }, noToken: true });

/** The trial tenant and its administrator; the initial password is answered this once. */
export const register = (body: RegisterBody) => api.data('POST /auth/register', { body, noToken: true });
