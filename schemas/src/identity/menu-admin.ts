import { z } from 'zod';
import { dictLabelsSchema } from '../system/index.ts';

/** Menus as data (spec section 2), as platform operators edit them: bodies, views and events. */

/** Spec section 2: an external link is recognised by its http(s), mailto or tel prefix. */
export const EXTERNAL_LINK = /^(https?:|mailto:|tel:)/;
export const isExternalLink = (path: string): boolean => EXTERNAL_LINK.test(path);

/** Titles of a menu entry in the four interface languages. */
export const menuTitlesSchema = dictLabelsSchema;
export type MenuTitles = z.infer<typeof menuTitlesSchema>;
export const menuTypeSchema = z.enum(['M', 'C', 'F']);

const menuPathSchema = z
  .string()
  .trim()
  .max(200, 'validation.tooLong')
  .refine(
    (p) => p === '' || isExternalLink(p) || /^[A-Za-z][A-Za-z0-9_-]*$/.test(p),
    'validation.invalidFormat',
  );

/** Views carry null where a body may leave a text out: both are accepted back. */
const orEmpty = (value: string | null | undefined): string => value ?? '';

/** What an operator sets on a menu entry. */
export const menuBodySchema = z
  .object({
    parentId: z.string().max(100).nullable().default(null),
    menuType: menuTypeSchema,
    titles: menuTitlesSchema,
    /** Path segment of a directory or page, or an external link (http(s), mailto, tel). */
    path: menuPathSchema.default(''),
    /** The page component the web app shows (a catalogue component id). */
    component: z.string().trim().max(200, 'validation.tooLong').nullish().transform(orEmpty),
    perms: z
      .string()
      .trim()
      .max(100, 'validation.tooLong')
      .regex(/^$|^[A-Za-z][A-Za-z0-9_]*(:[A-Za-z][A-Za-z0-9_]*)*$/, 'validation.invalidFormat')
      .nullish()
      .transform(orEmpty),
    icon: z.string().trim().max(100, 'validation.tooLong').nullish().transform(orEmpty),
    orderNum: z.number().int().min(0).max(9999).default(0),
    visible: z.boolean().default(true),
    isCache: z.boolean().default(true),
    /** Top directories only: shown to platform operators alone (entries below inherit it). */
    platformOnly: z.boolean().default(false),
  })
  .refine((m) => m.menuType === 'F' || m.path !== '', { message: 'validation.required', path: ['path'] })
  .refine((m) => m.menuType !== 'C' || m.component !== '' || isExternalLink(m.path), {
    message: 'validation.required',
    path: ['component'],
  })
  .refine((m) => m.menuType !== 'F' || m.perms !== '', { message: 'validation.required', path: ['perms'] });
export type MenuBody = z.input<typeof menuBodySchema>;
export const updateMenuBodySchema = z.intersection(menuBodySchema, z.object({ menuId: z.string().max(100) }));

const menuFields = {
  parentId: z.string().nullable(),
  menuType: menuTypeSchema,
  titles: menuTitlesSchema,
  path: z.string(),
  component: z.string().nullable(),
  perms: z.string().nullable(),
  icon: z.string().nullable(),
  orderNum: z.number().int(),
  visible: z.boolean(),
  isCache: z.boolean(),
  link: z.string().nullable(),
  platformOnly: z.boolean(),
};

export const menuViewSchema = z.object({
  menuId: z.string(),
  ...menuFields,
  /** The title in the caller's language. */
  menuName: z.string(),
  /** Entries of the catalogue: code relies on their path, component and permission string. */
  builtIn: z.boolean(),
  createTime: z.string(),
});
export type MenuView = z.infer<typeof menuViewSchema>;

const eventSchema = <T extends z.ZodType>(data: T) => ({ schemaVersion: 1, data });

/** Part of identityEventSchemas, which is how they are published. */
export const menuEventSchemas = {
  MenuCreated: eventSchema(z.object({ menuId: z.string().min(1), ...menuFields, builtIn: z.boolean() })),
  MenuChanged: eventSchema(z.object({ menuId: z.string().min(1), ...menuFields })),
  MenuDeleted: eventSchema(z.object({ menuId: z.string().min(1) })),
};
