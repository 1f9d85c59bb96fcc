import type { DictListClass } from './api/settings.ts';

/** The Mantine colour of a dictionary entry's list class (its label is shown as a badge of it). */
export const LIST_CLASS_COLORS: Record<DictListClass, string> = {
  default: 'gray',
  primary: 'blue',
  success: 'green',
  info: 'cyan',
  warning: 'orange',
  danger: 'red',
};

export const LIST_CLASSES = Object.keys(LIST_CLASS_COLORS) as DictListClass[];
