import type { Messages } from '@hydrolog/schemas';

// `t()` takes only the keys of the catalogue: a key that does not exist is a type error.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}
