import { z } from 'zod';
import { envelopeSchema, listEnvelopeSchema, noDataEnvelopeSchema, pagedQuerySchema } from '../api.ts';
import { regionBodySchema, regionListQuerySchema, updateRegionBodySchema } from '../platform/index.ts';
import { defineRoutes } from '../route-contract.ts';
import {
  concentratorBodySchema,
  concentratorKeySchema,
  concentratorListQuerySchema,
  concentratorViewSchema,
  updateConcentratorBodySchema,
} from './concentrators.ts';
import {
  deviceBodySchema,
  deviceLatestQuerySchema,
  deviceLatestSchema,
  deviceListQuerySchema,
  deviceRegionViewSchema,
  deviceScreenQuerySchema,
  deviceScreenSchema,
  deviceViewSchema,
  updateDeviceBodySchema,
} from './devices.ts';
import {
  flowMeterBodySchema,
  flowMeterListQuerySchema,
  flowMeterViewSchema,
  updateFlowMeterBodySchema,
} from './flow-meters.ts';
import { pressureAlarmListQuerySchema, pressureAlarmViewSchema } from './pressure-alarms.ts';
import {
  pressureAnalysisQuerySchema,
  pressureAnalysisSchema,
  pressureMeterBodySchema,
  pressureMeterListQuerySchema,
  pressureMeterViewSchema,
  pressureTrendQuerySchema,
  pressureTrendSchema,
  updatePressureMeterBodySchema,
} from './pressure-meters.ts';

const flowMeterAnswer = envelopeSchema(flowMeterViewSchema);
const pressureMeterAnswer = envelopeSchema(pressureMeterViewSchema);
const deviceAnswer = envelopeSchema(deviceViewSchema);
const deviceRegionAnswer = envelopeSchema(deviceRegionViewSchema);

/** Concentrators, flow meters, pressure meters, devices, device regions and the device screen. */
export const devicesRoutes = defineRoutes({
  'GET /device/concentrator/list': {
    query: pagedQuerySchema(concentratorListQuerySchema),
    answer: listEnvelopeSchema(concentratorViewSchema),
  },
  'GET /device/concentrator/:concentratorId': { answer: envelopeSchema(concentratorViewSchema) },
  'POST /device/concentrator': {
    body: concentratorBodySchema,
    answer: envelopeSchema(concentratorKeySchema),
  },
  'PUT /device/concentrator': {
    body: updateConcentratorBodySchema,
    answer: envelopeSchema(concentratorViewSchema),
  },
  'DELETE /device/concentrator/:ids': { answer: noDataEnvelopeSchema },
  'POST /device/concentrator/export': { body: concentratorListQuerySchema },
  'GET /device/flow/list': {
    query: pagedQuerySchema(flowMeterListQuerySchema),
    answer: listEnvelopeSchema(flowMeterViewSchema),
  },
  'GET /device/flow/:flowMeterId': { answer: flowMeterAnswer },
  'POST /device/flow': { body: flowMeterBodySchema, answer: flowMeterAnswer },
  'PUT /device/flow': { body: updateFlowMeterBodySchema, answer: flowMeterAnswer },
  'DELETE /device/flow/:ids': { answer: noDataEnvelopeSchema },
  'POST /device/flow/export': { body: flowMeterListQuerySchema },
  'GET /device/pressure/list': {
    query: pagedQuerySchema(pressureMeterListQuerySchema),
    answer: listEnvelopeSchema(pressureMeterViewSchema),
  },
  'GET /device/pressure/alarm/list': {
    query: pagedQuerySchema(pressureAlarmListQuerySchema),
    answer: listEnvelopeSchema(pressureAlarmViewSchema),
  },
  'GET /device/pressure/:pressureMeterId': { answer: pressureMeterAnswer },
  'GET /device/pressure/:pressureMeterId/analysis': {
    query: pressureAnalysisQuerySchema,
    answer: envelopeSchema(pressureAnalysisSchema),
  },
  'GET /device/pressure/:pressureMeterId/trend': {
    query: pressureTrendQuerySchema,
    answer: envelopeSchema(pressureTrendSchema),
  },
  'POST /device/pressure': { body: pressureMeterBodySchema, answer: pressureMeterAnswer },
  'PUT /device/pressure': { body: updatePressureMeterBodySchema, answer: pressureMeterAnswer },
  'DELETE /device/pressure/:ids': { answer: noDataEnvelopeSchema },
  'POST /device/pressure/export': { body: pressureMeterListQuerySchema },
  'GET /device/device/list': {
    query: pagedQuerySchema(deviceListQuerySchema),
    answer: listEnvelopeSchema(deviceViewSchema),
  },
  'GET /device/device/:deviceId': { answer: deviceAnswer },
  'POST /device/device': { body: deviceBodySchema, answer: deviceAnswer },
  'PUT /device/device': { body: updateDeviceBodySchema, answer: deviceAnswer },
  'DELETE /device/device/:ids': { answer: noDataEnvelopeSchema },
  'POST /device/device/export': { body: deviceListQuerySchema },
  'GET /device/region/list': {
    query: regionListQuerySchema,
    answer: envelopeSchema(z.array(deviceRegionViewSchema)),
  },
  'GET /device/region/:regionId': { answer: deviceRegionAnswer },
  'POST /device/region': { body: regionBodySchema, answer: deviceRegionAnswer },
  'PUT /device/region': { body: updateRegionBodySchema, answer: deviceRegionAnswer },
  'DELETE /device/region/:regionId': { answer: noDataEnvelopeSchema },
  'GET /device/screen': { query: deviceScreenQuerySchema, answer: envelopeSchema(deviceScreenSchema) },
  'GET /device/screen/latest': { query: deviceLatestQuerySchema, answer: envelopeSchema(deviceLatestSchema) },
});
