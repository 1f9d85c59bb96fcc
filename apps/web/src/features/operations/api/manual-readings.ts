import type { ManualReadingBody, ManualReadingListQuery } from '@hydrolog/schemas';
import { api } from '../../../api/client.ts';
import { fileForm } from '../../../api/request.ts';

type Page = { pageNum: number; pageSize: number };

/** Readings entered by hand (/readMeter/manual): the list, one entered, and the photo of a dial. */
export const listManualReadings = (query: Page & ManualReadingListQuery) =>
  api.call('GET /readMeter/manual/list', { query });
export const enterManualReading = (body: ManualReadingBody) => api.data('POST /readMeter/manual', { body });
export const uploadManualReadingPhoto = (file: File) =>
  api.data('POST /readMeter/manual/photo', { body: fileForm(file) });
