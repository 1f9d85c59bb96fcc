/** The type of all the parts at once: an intersection merges objects key by key, at every depth. */
type Combined<Part> = (Part extends unknown ? (part: Part) => void : never) extends (part: infer All) => void
  ? All
  : never;

/**
 * One language's catalogue from its contexts' parts, merged at every depth: two contexts may each add keys
 * under `error` or `validation`, but a key defined twice is a mistake and throws.
 */
export function combine<Parts extends object[]>(...parts: Parts): Combined<Parts[number]> {
  const into = (target: Record<string, unknown>, part: object, path: string) => {
    for (const [key, value] of Object.entries(part)) {
      const existing = target[key];
      if (
        typeof value === 'object' &&
        value !== null &&
        (existing === undefined || typeof existing === 'object')
      ) {
        target[key] = existing ?? {};
        into(target[key] as Record<string, unknown>, value, `${path}${key}.`);
      } else if (existing === undefined) target[key] = value;
      else throw new Error(`The message ${path}${key} is defined twice`);
    }
  };
  const catalogue: Record<string, unknown> = {};
  for (const part of parts) into(catalogue, part, '');
  return catalogue as Combined<Parts[number]>;
}
