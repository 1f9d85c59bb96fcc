import type {
  ManualReadingBody,
  ManualReadingListQuery,
  ReadingPlanBody,
  ReadingPlanListQuery,
} from '@hydrolog/schemas';
import { api } from '../../../api/client.ts';
import { fileForm } from '../../../api/request.ts';

type Page = { pageNum: number; pageSize: number };

/** Readings entered by hand (/readMeter/manual): the list, one entered, and the photo of a dial. */
export const listManualReadings = (query: Page & ManualReadingListQuery) =>
  api.call('GET /readMeter/manual/list', { query });
export const enterManualReading = (body: ManualReadingBody) => api.data('POST /readMeter/manual', { body });
export const uploadManualReadingPhoto = (file: File) =>
  api.data('POST /readMeter/manual/photo', { body: fileForm(file) });

/** Walk-by reading plans (/readMeter/walkBy), and the meter groups a plan can cover. */
export const listReadingPlans = (query: Page & ReadingPlanListQuery) =>
  api.call('GET /readMeter/walkBy/list', { query });
export const getReadingPlan = (planId: string) =>
  api.data('GET /readMeter/walkBy/:planId', { params: { planId } });
export const createReadingPlan = (body: ReadingPlanBody) => api.data('POST /readMeter/walkBy', { body });
export const deleteReadingPlan = (planId: string) =>
  api.call('DELETE /readMeter/walkBy/:planId', { params: { planId } });
export const meterGroupChoices = () =>
  api.call('GET /business/group/list', { query: { pageNum: 1, pageSize: 500 } });
export const importManualReadings = (file: File) =>
  api.data('POST /readMeter/manual/import', { body: fileForm(file) });
