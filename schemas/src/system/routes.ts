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
  updateDictDataBodySchema,
} from './dictionaries.ts';
import {
  configBodySchema,
  configListQuerySchema,
  configViewSchema,
  updateConfigBodySchema,
} from './parameters.ts';

const configAnswer = envelopeSchema(configViewSchema);
const dictDataAnswer = envelopeSchema(dictDataViewSchema);

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
