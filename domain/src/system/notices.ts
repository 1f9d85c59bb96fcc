import type { EventData } from '@hydrolog/schemas';
import { type Decider, DomainError, type EventOf } from '../decider.ts';

export type NoticeEvent = EventOf<
  'NoticeCreated' | 'NoticeChanged' | 'NoticePublished' | 'NoticeWithdrawn' | 'NoticeDeleted' | 'NoticeRead'
>;
export type NoticeState =
  | { exists: false }
  | (EventData<'NoticeCreated'> & {
      exists: true;
      status: 'draft' | 'published' | 'withdrawn';
      readers: readonly string[];
    });
export type NoticeCommand =
  | ({ type: 'CreateNotice' } & EventData<'NoticeCreated'>)
  /** A notice the system writes (a failed valve command): published as it is written. */
  | ({ type: 'RaiseNotice' } & EventData<'NoticeCreated'>)
  | ({ type: 'ChangeNotice' } & Omit<EventData<'NoticeChanged'>, 'noticeId'>)
  | { type: 'PublishNotice'; at: string }
  | { type: 'WithdrawNotice'; at: string }
  | { type: 'DeleteNotice' }
  | { type: 'ReadNotice'; userId: string; at: string };

/**
 * A notice of a tenant: written as a draft, published to every user of the tenant, withdrawn to correct it.
 * A published notice is withdrawn before it is changed or deleted, so readers never see it change under them.
 */
export const noticeDecider: Decider<NoticeCommand, NoticeEvent, NoticeState> = {
  category: 'notice',
  initialState: () => ({ exists: false }),
  evolve(state, event) {
    if (event.type === 'NoticeCreated') return { ...event.data, exists: true, status: 'draft', readers: [] };
    if (!state.exists) return state;
    switch (event.type) {
      case 'NoticeChanged':
        return { ...state, ...event.data };
      case 'NoticePublished':
        return { ...state, status: 'published' };
      case 'NoticeWithdrawn':
        return { ...state, status: 'withdrawn' };
      case 'NoticeDeleted':
        return { exists: false };
      case 'NoticeRead':
        return { ...state, readers: [...state.readers, event.data.userId] };
    }
  },
  decide(command, state) {
    if (command.type === 'CreateNotice' || command.type === 'RaiseNotice') {
      if (state.exists) return new DomainError('error.notice.exists');
      const { type: _, ...data } = command;
      if (command.type === 'CreateNotice') return [{ type: 'NoticeCreated', data }];
      return [
        { type: 'NoticeCreated', data },
        { type: 'NoticePublished', data: { noticeId: data.noticeId, at: data.createdAt } },
      ];
    }
    if (!state.exists) return new DomainError('error.notice.notFound');
    const { noticeId } = state;
    switch (command.type) {
      case 'ChangeNotice': {
        if (state.status === 'published') return new DomainError('error.notice.published');
        const { type: _, ...data } = command;
        return [{ type: 'NoticeChanged', data: { noticeId, ...data } }];
      }
      case 'DeleteNotice':
        if (state.status === 'published') return new DomainError('error.notice.published');
        return [{ type: 'NoticeDeleted', data: { noticeId } }];
      case 'PublishNotice':
        if (state.status === 'published') return [];
        return [{ type: 'NoticePublished', data: { noticeId, at: command.at } }];
      case 'WithdrawNotice':
        if (state.status !== 'published') return new DomainError('error.notice.notPublished');
        return [{ type: 'NoticeWithdrawn', data: { noticeId, at: command.at } }];
      case 'ReadNotice':
        if (state.status !== 'published') return new DomainError('error.notice.notFound');
        if (state.readers.includes(command.userId)) return [];
        return [{ type: 'NoticeRead', data: { noticeId, userId: command.userId, at: command.at } }];
    }
  },
};
