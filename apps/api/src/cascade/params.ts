import { z } from 'zod';

/** Ids separated by commas, in a path. */
export const idList = () => z.string().regex(/^[0-9a-f-]{36}(,[0-9a-f-]{36})*$/i, 'validation.atLeastOne');
