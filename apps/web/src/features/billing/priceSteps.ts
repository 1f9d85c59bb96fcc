import { type PriceStep, UNLIMITED } from '@hydrolog/schemas';

/**
 * The steps editor keeps a ladder's shape as steps are added, removed or changed: each step starts where the
 * one before ends (the first at 0) and only the last is unlimited, so the user types only ends and prices.
 */
export function shapedSteps(steps: readonly PriceStep[]): PriceStep[] {
  const shaped: PriceStep[] = [];
  steps.forEach((step, i) => {
    const before = shaped[i - 1];
    const startVolume = before ? before.endVolume : 0;
    const last = i === steps.length - 1;
    const endVolume = last ? UNLIMITED : step.endVolume === UNLIMITED ? startVolume + 1 : step.endVolume;
    shaped.push({ ...step, startVolume, endVolume });
  });
  return shaped;
}

/** A step added at the end: the last one gets an end (one m³ on) and the new one, at its price, is unlimited. */
export function withStepAdded(steps: readonly PriceStep[]): PriceStep[] {
  const last = steps.at(-1);
  if (!last) return [{ startVolume: 0, endVolume: UNLIMITED, unitPrice: 1 }];
  const end = last.startVolume + 1;
  return shapedSteps([...steps.slice(0, -1), { ...last, endVolume: end }, { ...last, endVolume: UNLIMITED }]);
}
