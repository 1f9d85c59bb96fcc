import type { DomainEvent } from '@hydrolog/schemas';
import { describe, expect, it } from 'vitest';
import { type Decider, type DomainError, fold } from '../../src/decider.ts';
import { type NoticeEvent, noticeDecider } from '../../src/system/index.ts';

function given<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, events: E[]) {
  return { when: (command: C) => decider.decide(command, fold(decider, events)) };
}
const keyOf = (result: unknown) => (result as DomainError).key;

const noticeId = '0190a000-0000-7000-8000-000000000301';
const reader = '0190a000-0000-7000-8000-000000000302';
const noticeCreated: NoticeEvent = {
  type: 'NoticeCreated',
  data: {
    noticeId,
    tenantId: '0190a000-0000-7000-8000-000000000001',
    noticeTitle: 'Maintenance',
    noticeType: '1',
    noticeContent: 'Water off on Sunday.',
    createBy: 'admin',
    createdAt: '2026-11-01T00:00:00Z',
  },
};
const published: NoticeEvent = { type: 'NoticePublished', data: { noticeId, at: '2026-11-01T01:00:00Z' } };
const at = '2026-11-02T00:00:00Z';

describe('notice decider', () => {
  it('publishes a draft once and withdraws only a published notice', () => {
    expect(given(noticeDecider, [noticeCreated]).when({ type: 'PublishNotice', at })).toEqual([
      { type: 'NoticePublished', data: { noticeId, at } },
    ]);
    expect(given(noticeDecider, [noticeCreated, published]).when({ type: 'PublishNotice', at })).toEqual([]);
    expect(keyOf(given(noticeDecider, [noticeCreated]).when({ type: 'WithdrawNotice', at }))).toBe(
      'error.notice.notPublished',
    );
    expect(
      given(noticeDecider, [noticeCreated, published]).when({ type: 'WithdrawNotice', at }),
    ).toHaveLength(1);
  });

  it('changes and deletes a notice only while it is not published', () => {
    const change = { type: 'ChangeNotice', noticeTitle: 'New', noticeType: '2', noticeContent: 'x' } as const;
    expect(keyOf(given(noticeDecider, [noticeCreated, published]).when(change))).toBe(
      'error.notice.published',
    );
    expect(keyOf(given(noticeDecider, [noticeCreated, published]).when({ type: 'DeleteNotice' }))).toBe(
      'error.notice.published',
    );
    const withdrawn: NoticeEvent = { type: 'NoticeWithdrawn', data: { noticeId, at } };
    expect(given(noticeDecider, [noticeCreated, published, withdrawn]).when(change)).toHaveLength(1);
    expect(given(noticeDecider, [noticeCreated]).when({ type: 'DeleteNotice' })).toEqual([
      { type: 'NoticeDeleted', data: { noticeId } },
    ]);
    expect(keyOf(given(noticeDecider, []).when({ type: 'DeleteNotice' }))).toBe('error.notice.notFound');
    expect(
      keyOf(given(noticeDecider, [noticeCreated]).when({ type: 'CreateNotice', ...noticeCreated.data })),
    ).toBe('error.notice.exists');
  });

  it('records a reader once, and only for a published notice', () => {
    const read = { type: 'ReadNotice', userId: reader, at } as const;
    expect(keyOf(given(noticeDecider, [noticeCreated]).when(read))).toBe('error.notice.notFound');
    const first = given(noticeDecider, [noticeCreated, published]).when(read);
    expect(first).toEqual([{ type: 'NoticeRead', data: { noticeId, userId: reader, at } }]);
    expect(given(noticeDecider, [noticeCreated, published, ...(first as NoticeEvent[])]).when(read)).toEqual(
      [],
    );
  });
});
