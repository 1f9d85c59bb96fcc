import type { RouteComponent } from '@tanstack/react-router';
import { workOrderPages } from './work-order-routes.ts';

/** The context's menu pages by the menu catalogue's component id. */
export const pages: Record<string, RouteComponent> = { ...workOrderPages };
