import { z } from 'zod';
import { envelopeSchema, listEnvelopeSchema, noDataEnvelopeSchema } from '../api.ts';
import { defineRoutes } from '../route-contract.ts';
import {
  loginLogFilterSchema,
  loginLogQuerySchema,
  loginLogRowSchema,
  operLogFilterSchema,
  operLogQuerySchema,
  operLogRowSchema,
} from './audit.ts';
import {
  dictDataBodySchema,
  dictDataListQuerySchema,
  dictDataViewSchema,
  dictTypeBodySchema,
  dictTypeListQuerySchema,
  dictTypeViewSchema,
  updateDictDataBodySchema,
  updateDictTypeBodySchema,
} from './dictionaries.ts';
import {
  noticeBodySchema,
  noticeCenterListSchema,
  noticeCenterQuerySchema,
  noticeListQuerySchema,
  noticeViewSchema,
  updateNoticeBodySchema,
} from './notices.ts';
import {
  configBodySchema,
  configListQuerySchema,
  configViewSchema,
  updateConfigBodySchema,
} from './parameters.ts';

const configAnswer = envelopeSchema(configViewSchema);
const dictDataAnswer = envelopeSchema(dictDataViewSchema);
const dictTypeAnswer = envelopeSchema(dictTypeViewSchema);
const noticeAnswer = envelopeSchema(noticeViewSchema);

/** Parameters, dictionaries, notices and logs. */
export const systemRoutes = defineRoutes({
  'GET /system/dict/data/type/:dictType': { answer: envelopeSchema(z.array(dictDataViewSchema)) },
  'GET /system/config/list': { query: configListQuerySchema, answer: listEnvelopeSchema(configViewSchema) },
  'GET /system/config/:configId': { answer: configAnswer },
  'POST /system/config': { body: configBodySchema, answer: configAnswer },
  'PUT /system/config': { body: updateConfigBodySchema, answer: configAnswer },
  'DELETE /system/config/:ids': { answer: noDataEnvelopeSchema },
  'DELETE /system/config/clearCache': { answer: noDataEnvelopeSchema },
  'GET /system/dict/data/list': {
    query: dictDataListQuerySchema,
    answer: listEnvelopeSchema(dictDataViewSchema),
  },
  'GET /system/dict/data/:dictCode': { answer: dictDataAnswer },
  'POST /system/dict/data': { body: dictDataBodySchema, answer: dictDataAnswer },
  'PUT /system/dict/data': { body: updateDictDataBodySchema, answer: dictDataAnswer },
  'DELETE /system/dict/data/:ids': { answer: noDataEnvelopeSchema },
  'GET /system/dict/type/list': {
    query: dictTypeListQuerySchema,
    answer: listEnvelopeSchema(dictTypeViewSchema),
  },
  'GET /system/dict/type/:dictId': { answer: dictTypeAnswer },
  'POST /system/dict/type': { body: dictTypeBodySchema, answer: dictTypeAnswer },
  'PUT /system/dict/type': { body: updateDictTypeBodySchema, answer: dictTypeAnswer },
  'DELETE /system/dict/type/:dictIds': { answer: noDataEnvelopeSchema },
  'GET /system/notice/list': { query: noticeListQuerySchema, answer: listEnvelopeSchema(noticeViewSchema) },
  'GET /system/notice/:noticeId': { answer: noticeAnswer },
  'POST /system/notice': { body: noticeBodySchema, answer: noticeAnswer },
  'PUT /system/notice': { body: updateNoticeBodySchema, answer: noticeAnswer },
  'PUT /system/notice/publish/:noticeId': { answer: noticeAnswer },
  'PUT /system/notice/withdraw/:noticeId': { answer: noticeAnswer },
  'DELETE /system/notice/:noticeIds': { answer: noDataEnvelopeSchema },
  'GET /system/notice/center/list': { query: noticeCenterQuerySchema, answer: noticeCenterListSchema },
  'POST /system/notice/center/read/:noticeId': { answer: noDataEnvelopeSchema },
  'GET /monitor/logininfor/list': {
    query: loginLogQuerySchema,
    answer: listEnvelopeSchema(loginLogRowSchema),
  },
  'POST /monitor/logininfor/export': { body: loginLogFilterSchema },
  'DELETE /monitor/logininfor/clean': { answer: noDataEnvelopeSchema },
  'DELETE /monitor/logininfor/:infoIds': { answer: noDataEnvelopeSchema },
  'GET /monitor/logininfor/unlock/:userName': { answer: noDataEnvelopeSchema },
  'GET /monitor/operlog/list': { query: operLogQuerySchema, answer: listEnvelopeSchema(operLogRowSchema) },
  'POST /monitor/operlog/export': { body: operLogFilterSchema },
  'DELETE /monitor/operlog/clean': { answer: noDataEnvelopeSchema },
  'DELETE /monitor/operlog/:operIds': { answer: noDataEnvelopeSchema },
});
