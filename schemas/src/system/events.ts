import { z } from 'zod';
import { dictLabelsSchema } from './dictionaries.ts';
import { noticeBodySchema } from './notices.ts';

const eventSchema = <T extends z.ZodType>(data: T) => ({ schemaVersion: 1, data });

/** Parameters, dictionaries and notices; the logs' events are in audit.ts. */
export const adminEventSchemas = {
  ConfigSaved: eventSchema(
    z.object({
      configId: z.uuid(),
      configName: z.string(),
      configKey: z.string(),
      configValue: z.string(),
      configType: z.enum(['Y', 'N']),
      remark: z.string().nullable(),
    }),
  ),
  ConfigDeleted: eventSchema(z.object({ configId: z.uuid() })),
  DictDataSaved: eventSchema(
    z.object({
      dictCode: z.uuid(),
      dictType: z.string(),
      dictValue: z.string(),
      labels: dictLabelsSchema,
      dictSort: z.number().int(),
      cssClass: z.string().nullable(),
      listClass: z.string(),
      isDefault: z.enum(['Y', 'N']),
      status: z.enum(['0', '1']),
      remark: z.string().nullable(),
    }),
  ),
  DictDataDeleted: eventSchema(z.object({ dictCode: z.uuid() })),
  NoticeCreated: eventSchema(
    z.object({
      noticeId: z.uuid(),
      tenantId: z.uuid(),
      ...noticeBodySchema.shape,
      createBy: z.string(),
      createdAt: z.string(),
    }),
  ),
  NoticeChanged: eventSchema(z.object({ noticeId: z.uuid(), ...noticeBodySchema.shape })),
  NoticePublished: eventSchema(z.object({ noticeId: z.uuid(), at: z.string() })),
  NoticeWithdrawn: eventSchema(z.object({ noticeId: z.uuid(), at: z.string() })),
  NoticeDeleted: eventSchema(z.object({ noticeId: z.uuid() })),
  NoticeRead: eventSchema(z.object({ noticeId: z.uuid(), userId: z.uuid(), at: z.string() })),
  DictTypeSaved: eventSchema(
    z.object({
      dictId: z.number().int().positive(),
      dictName: z.string(),
      dictType: z.string(),
      status: z.enum(['0', '1']),
      remark: z.string().nullable(),
    }),
  ),
  DictTypeDeleted: eventSchema(z.object({ dictId: z.number().int().positive() })),
};
