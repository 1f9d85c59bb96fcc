import type { EventData } from '@hydrolog/schemas';
import { type Decider, DomainError, type EventOf } from '../decider.ts';
import { codeIssueRefusal, isCodeLive, keepIssued, type OneTimeCodes } from '../identity/index.ts';

// ---- Codes sent to a phone (experience-account registration) ------------------------------------------

/**
 * The codes of one phone that has no account yet: the rules of the recovery codes (valid 5 minutes, one a
 * minute, ten a day, five wrong tries end a code). Checking the right code changes nothing; a registration
 * uses it, once.
 */
export type PhoneCodeEvent = EventOf<'PhoneCodeIssued' | 'PhoneCodeFailed' | 'PhoneCodeUsed'>;
export interface PhoneCodeState extends OneTimeCodes {
  code: (EventData<'PhoneCodeIssued'> & { failures: number; used: boolean }) | null;
}
/** `phoneRegistered`: a user already has the phone (the use case looks it up); it gets no code, and no account. */
export type PhoneCodeCommand =
  | ({ type: 'IssuePhoneCode'; phoneRegistered: boolean } & EventData<'PhoneCodeIssued'>)
  | { type: 'CheckPhoneCode'; codeHash: string; now: string }
  | { type: 'UsePhoneCode'; codeHash: string; now: string; phoneRegistered: boolean };

export const phoneCodeDecider: Decider<PhoneCodeCommand, PhoneCodeEvent, PhoneCodeState> = {
  category: 'phonecode',
  initialState: () => ({ code: null, issued: [] }),
  evolve(state, event) {
    if (event.type === 'PhoneCodeIssued') {
      return {
        code: { ...event.data, failures: 0, used: false },
        issued: keepIssued(state.issued, event.data.issuedAt),
      };
    }
    if (!state.code || state.code.codeId !== event.data.codeId) return state;
    return event.type === 'PhoneCodeUsed'
      ? { ...state, code: { ...state.code, used: true } }
      : { ...state, code: { ...state.code, failures: state.code.failures + 1 } };
  },
  decide(command, state) {
    // Spec section 8's 'Mobile phone number has been registered, please log in directly': the registration
    // page says it on purpose.
    if (command.type !== 'CheckPhoneCode' && command.phoneRegistered)
      return new DomainError('error.register.phoneTaken');
    if (command.type === 'IssuePhoneCode') {
      const refused = codeIssueRefusal(state, command.issuedAt);
      if (refused) return refused;
      const { type: _, phoneRegistered: __, ...data } = command;
      return [{ type: 'PhoneCodeIssued', data }];
    }
    const { code } = state;
    if (!code || !isCodeLive(code, command.now)) return new DomainError('error.recovery.codeWrong');
    const { codeId } = code;
    // A wrong code is recorded (the caller refuses it after the append, so that it counts).
    if (command.codeHash !== code.codeHash) return [{ type: 'PhoneCodeFailed', data: { codeId } }];
    return command.type === 'UsePhoneCode' ? [{ type: 'PhoneCodeUsed', data: { codeId } }] : [];
  },
};

// ---- Codes sent at the request of one address -----------------------------------------------------------

/** At most this many codes per requesting address per hour: one machine cannot text every phone. */
export const SMS_PER_ADDRESS_PER_HOUR = 10;
const HOUR_MS = 3_600_000;

export type SmsQuotaEvent = EventOf<'SmsQuotaTaken'>;
export interface SmsQuotaState {
  /** When the last codes were sent for this address, newest last. */
  taken: string[];
}
export type SmsQuotaCommand = { type: 'TakeSmsQuota'; ip: string; at: string };

export const smsQuotaDecider: Decider<SmsQuotaCommand, SmsQuotaEvent, SmsQuotaState> = {
  category: 'smsquota',
  initialState: () => ({ taken: [] }),
  evolve: (state, event) => ({ taken: [...state.taken, event.data.at].slice(-SMS_PER_ADDRESS_PER_HOUR) }),
  decide(command, state) {
    const oldest = state.taken.length >= SMS_PER_ADDRESS_PER_HOUR ? state.taken[0]! : null;
    if (oldest && Date.parse(command.at) - Date.parse(oldest) < HOUR_MS) {
      const minutes = Math.ceil((Date.parse(oldest) + HOUR_MS - Date.parse(command.at)) / 60_000);
      return new DomainError('error.sms.addressLimit', { count: minutes });
    }
    return [{ type: 'SmsQuotaTaken', data: { ip: command.ip, at: command.at } }];
  },
};
