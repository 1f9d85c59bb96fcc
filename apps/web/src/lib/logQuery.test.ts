import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { parseListQuery, querySearch } from './listQuery.ts';
import {
  EMPTY_LOGIN_LOG_FILTERS,
  EMPTY_OPER_LOG_FILTERS,
  lastDays,
  loginLogFilter,
  loginLogFilters,
  operLogFilter,
  operLogFilters,
  prettyParams,
  rangeQuery,
} from './logQuery.ts';

describe('the log queries in the URL', () => {
  it('default to page 1 of 20 without filters', () => {
    expect(parseListQuery(loginLogFilters, {})).toEqual({
      ...EMPTY_LOGIN_LOG_FILTERS,
      pageNum: 1,
      pageSize: 20,
    });
    expect(parseListQuery(operLogFilters, {})).toEqual({
      ...EMPTY_OPER_LOG_FILTERS,
      pageNum: 1,
      pageSize: 20,
    });
  });

  it('read filters, also when the router parsed them as numbers, and ignore invalid values', () => {
    expect(
      parseListQuery(operLogFilters, {
        title: ' dept ',
        businessType: 1,
        status: '7',
        beginTime: '2025-02-30x',
        pageSize: 50,
      }),
    ).toEqual({ ...EMPTY_OPER_LOG_FILTERS, title: 'dept', businessType: '1', pageNum: 1, pageSize: 50 });
    expect(parseListQuery(loginLogFilters, { status: 1, businessType: '1' }).status).toBe('1');
    expect(parseListQuery(operLogFilters, { businessType: '7' }).businessType).toBe('');
  });

  it('read a backwards date range the right way round', () => {
    const query = parseListQuery(loginLogFilters, { beginTime: '2025-03-10', endTime: '2025-03-01' });
    expect([query.beginTime, query.endTime]).toEqual(['2025-03-01', '2025-03-10']);
  });

  it('leave defaults out of the URL and round-trip', () => {
    const query = {
      ...EMPTY_LOGIN_LOG_FILTERS,
      userName: 'demo',
      status: '1' as const,
      pageNum: 2,
      pageSize: 20,
    };
    expect(querySearch(query)).toEqual({ userName: 'demo', status: '1', pageNum: 2 });
    expect(parseListQuery(loginLogFilters, querySearch(query))).toEqual(query);
  });
});

describe('the log filters for the server', () => {
  it('bound whole local days, 00:00:00 to 23:59:59', () => {
    const { beginTime, endTime } = rangeQuery({ beginTime: '2025-03-01', endTime: '2025-03-02' });
    expect(dayjs(beginTime).format('YYYY-MM-DD HH:mm:ss')).toBe('2025-03-01 00:00:00');
    expect(dayjs(endTime).format('YYYY-MM-DD HH:mm:ss')).toBe('2025-03-02 23:59:59');
    expect(rangeQuery({ beginTime: '', endTime: '' })).toEqual({ beginTime: undefined, endTime: undefined });
  });

  it('leave empty filters out', () => {
    expect(loginLogFilter({ ...EMPTY_LOGIN_LOG_FILTERS, ipaddr: ' 127.0 ' })).toEqual({
      userName: undefined,
      ipaddr: '127.0',
      status: undefined,
      beginTime: undefined,
      endTime: undefined,
    });
    expect(operLogFilter({ ...EMPTY_OPER_LOG_FILTERS, businessType: '3', status: '1' })).toMatchObject({
      businessType: '3',
      status: '1',
      title: undefined,
    });
  });

  it('offer the 7/30/90-day presets, today included', () => {
    const today = dayjs('2025-03-31');
    expect(lastDays(7, today)).toEqual({ beginTime: '2025-03-25', endTime: '2025-03-31' });
    expect(lastDays(90, today).beginTime).toBe('2025-01-01');
  });
});

describe('the parameters of an operation', () => {
  it('are pretty-printed when JSON, shown as they are otherwise', () => {
    expect(prettyParams('{"deptName":"A","password":"******"}')).toBe(
      '{\n  "deptName": "A",\n  "password": "******"\n}',
    );
    expect(prettyParams('userName=demo')).toBe('userName=demo');
    expect(prettyParams('')).toBe('');
  });
});
