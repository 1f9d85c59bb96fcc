import { NumberInput, type NumberInputProps } from '@mantine/core';

/** The place of a record among its siblings (menus, departments, roles, regions, dictionary entries): 0 to 9999. */
export function OrderInput(props: NumberInputProps) {
  return <NumberInput min={0} max={9999} allowDecimal={false} allowNegative={false} {...props} />;
}
