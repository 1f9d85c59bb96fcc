import type { PriceSchemeOption } from '@hydrolog/schemas';
import { useEffect, useState } from 'react';
import { priceSchemeOptions } from './api/customers.ts';

/** The tenant's price schemes, to choose an account's or to name it (none when they cannot be read). */
export function usePriceSchemes() {
  const [schemes, setSchemes] = useState<PriceSchemeOption[]>([]);
  useEffect(() => {
    priceSchemeOptions().then(setSchemes, () => setSchemes([]));
  }, []);
  return schemes;
}
