import type { RouteComponent } from '@tanstack/react-router';
import { readingPlanPages } from './reading-plan-routes.ts';
import { workOrderPages } from './work-order-routes.ts';

/** The context's menu pages by the menu catalogue's component id. */
export const pages: Record<string, RouteComponent> = { ...workOrderPages, ...readingPlanPages };
