import type { z } from 'zod';

/** An export takes the whole filter of a list, up to EXPORT_MAX_ROWS rows. */
export type Filter<Query extends z.ZodObject> = Omit<z.output<Query>, 'pageNum' | 'pageSize'>;
