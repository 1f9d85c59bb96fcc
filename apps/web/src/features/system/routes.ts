import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';

/** The context's menu pages by the menu catalogue's component id; each is a chunk fetched when first opened. */
export const pages: Record<string, RouteComponent> = {
  'system/dict/index': lazyRouteComponent(() => import('./Dicts.tsx'), 'Dicts'),
  'system/config/index': lazyRouteComponent(() => import('./Configs.tsx'), 'Configs'),
  'monitor/logininfor/index': lazyRouteComponent(() => import('./LoginLog.tsx'), 'LoginLog'),
  'monitor/operlog/index': lazyRouteComponent(() => import('./OperLog.tsx'), 'OperLog'),
  'system/outbox/index': lazyRouteComponent(() => import('./Outbox.tsx'), 'Outbox'),
  'system/notice/index': lazyRouteComponent(() => import('./Notices.tsx'), 'Notices'),
  'system/notice/center': lazyRouteComponent(() => import('./NoticeCenter.tsx'), 'NoticeCenter'),
};

export const DictDataPage = lazyRouteComponent(() => import('./DictData.tsx'), 'DictData');
