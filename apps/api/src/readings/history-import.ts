import { DomainError } from '@hydrolog/domain';
import { READING_IMPORT_MAX_BYTES, type readingImportQuerySchema } from '@hydrolog/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerMetadata, callerOf } from '../auth/guard.ts';
import { requestLanguage } from '../http.ts';
import { sendXlsx } from '../xlsx.ts';
import { historyTemplateColumns, type ReadingImports, readHistoryTable } from './import.ts';

type ImportQuery = z.output<typeof readingImportQuerySchema>;

/** Reads the uploaded history file (multipart field `file`) and starts its import; answers the import id. */
export async function startHistoryImport(
  imports: ReadingImports,
  request: FastifyRequest,
  query: ImportQuery,
) {
  const file = await request
    .file({ limits: { fileSize: READING_IMPORT_MAX_BYTES, files: 1 } })
    .catch(() => undefined);
  if (file?.fieldname !== 'file') throw new DomainError('error.upload.missing');
  const content = await file.toBuffer().catch((error: { code?: string }) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE')
      throw new DomainError('error.readingImport.size', { max: READING_IMPORT_MAX_BYTES / 1024 / 1024 });
    throw error;
  });
  const table = await readHistoryTable(content);
  return imports.start(
    callerMetadata(request),
    { name: file.filename, table },
    query,
    requestLanguage(request),
  );
}

/** An import's progress; another tenant's import is "not found". */
export async function historyImportProgress(
  imports: ReadingImports,
  request: FastifyRequest,
  importId: string,
) {
  const view = await imports.view(callerOf(request).tenantId, importId);
  if (!view) throw new DomainError('error.readingImport.notFound');
  return view;
}

/** The xlsx template of a history import, with one example row of the form. */
export function sendHistoryTemplate(request: FastifyRequest, reply: FastifyReply, form: ImportQuery['form']) {
  const example = {
    meterNo: '1000000001',
    time: '2026-01-01T01:00:00+08:00',
    value: form === 'counter' ? 1234.567 : 0.42,
  };
  return sendXlsx(reply, `history-import-${form}`, historyTemplateColumns(form, requestLanguage(request)), [
    example,
  ]);
}
