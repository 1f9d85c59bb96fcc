import { Loader } from '@mantine/core';
import { useLocation } from '@tanstack/react-router';
import { Suspense } from 'react';
import { componentAt } from '../lib/menuTree.ts';
import { session } from '../store/session.ts';
import { NotFound } from './NotFound.tsx';
import { builtPage } from './pages.tsx';

/**
 * A page operators added to the menu tree: the catalogue's screens have static routes, these are found in
 * the caller's menu tree (so only users it grants them to reach them) and show the component they name.
 */
export function MenuPage() {
  const { pathname } = useLocation();
  const { routers } = session.use();
  const component = componentAt(routers, pathname);
  const Page = component ? builtPage(component) : null;
  if (!Page) return <NotFound />;
  // The router fetched this route's chunk, not the chunk of the page the menu entry names.
  return (
    <Suspense fallback={<Loader m="xl" />}>
      <Page />
    </Suspense>
  );
}
