import { z } from 'zod';
import { envelopeSchema } from '../api.ts';
import { defineRoutes } from '../route-contract.ts';
import { dictDataViewSchema } from './dictionaries.ts';

/** Parameters, dictionaries, notices and logs. */
export const systemRoutes = defineRoutes({
  'GET /system/dict/data/type/:dictType': { answer: envelopeSchema(z.array(dictDataViewSchema)) },
});
