import { describe, it } from 'vitest';
import { type NoticeEvent, noticeDecider } from '../../src/system/index.ts';
import { given } from '../spec.ts';

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
    given(noticeDecider, [noticeCreated])
      .when({ type: 'PublishNotice', at })
      .then([{ type: 'NoticePublished', data: { noticeId, at } }]);
    given(noticeDecider, [noticeCreated, published]).when({ type: 'PublishNotice', at }).then([]);
    given(noticeDecider, [noticeCreated])
      .when({ type: 'WithdrawNotice', at })
      .thenFails('error.notice.notPublished');
    given(noticeDecider, [noticeCreated, published])
      .when({ type: 'WithdrawNotice', at })
      .thenMatches([{ type: 'NoticeWithdrawn' }]);
  });

  it('changes and deletes a notice only while it is not published', () => {
    const change = { type: 'ChangeNotice', noticeTitle: 'New', noticeType: '2', noticeContent: 'x' } as const;
    given(noticeDecider, [noticeCreated, published]).when(change).thenFails('error.notice.published');
    given(noticeDecider, [noticeCreated, published])
      .when({ type: 'DeleteNotice' })
      .thenFails('error.notice.published');
    const withdrawn: NoticeEvent = { type: 'NoticeWithdrawn', data: { noticeId, at } };
    given(noticeDecider, [noticeCreated, published, withdrawn])
      .when(change)
      .thenMatches([{ type: 'NoticeChanged' }]);
    given(noticeDecider, [noticeCreated])
      .when({ type: 'DeleteNotice' })
      .then([{ type: 'NoticeDeleted', data: { noticeId } }]);
    given(noticeDecider, []).when({ type: 'DeleteNotice' }).thenFails('error.notice.notFound');
    given(noticeDecider, [noticeCreated])
      .when({ type: 'CreateNotice', ...noticeCreated.data })
      .thenFails('error.notice.exists');
  });

  it('publishes a notice the system raises as it writes it, once', () => {
    given(noticeDecider, [])
      .when({ type: 'RaiseNotice', ...noticeCreated.data })
      .then([
        noticeCreated,
        { type: 'NoticePublished', data: { noticeId, at: noticeCreated.data.createdAt } },
      ]);
    given(noticeDecider, [noticeCreated])
      .when({ type: 'RaiseNotice', ...noticeCreated.data })
      .thenFails('error.notice.exists');
  });

  it('records a reader once, and only for a published notice', () => {
    const read = { type: 'ReadNotice', userId: reader, at } as const;
    given(noticeDecider, [noticeCreated]).when(read).thenFails('error.notice.notFound');
    const first = given(noticeDecider, [noticeCreated, published])
      .when(read)
      .then([{ type: 'NoticeRead', data: { noticeId, userId: reader, at } }]);
    given(noticeDecider, [noticeCreated, published, ...first])
      .when(read)
      .then([]);
  });
});
