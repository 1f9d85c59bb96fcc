import { z } from 'zod';

/** The service's health: the database answers, and how far each projection is behind the log. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ engine: z.enum(['pglite', 'postgres']), ok: z.boolean() }),
  eventStore: z.enum(['sql', 'kurrentdb']),
  projections: z.array(
    z.object({
      name: z.string(),
      mode: z.enum(['inline', 'async']),
      status: z.enum(['live', 'rebuilding']),
      lag: z.number().int(),
    }),
  ),
});
export type Health = z.infer<typeof healthSchema>;
