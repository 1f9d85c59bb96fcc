import { EXPORT_MAX_ROWS } from '../xlsx.ts';

/** Every row of a list page's filter: each export is that list's xlsx workbook, in the caller's language. */
export const everyRow = { pageNum: 1, pageSize: EXPORT_MAX_ROWS };
