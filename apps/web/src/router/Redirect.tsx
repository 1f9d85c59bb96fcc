import { useLocation, useNavigate, useParams } from '@tanstack/react-router';
import { useEffect } from 'react';

/** /redirect/<path>: replaces itself with /<path>, so the page there mounts anew (tab refresh). */
export function Redirect() {
  const navigate = useNavigate();
  const { _splat } = useParams({ strict: false }) as { _splat?: string };
  const search = useLocation({ select: (l) => l.searchStr });
  useEffect(() => {
    void navigate({ href: `/${_splat ?? ''}${search}`, replace: true });
  }, [navigate, _splat, search]);
  return null;
}
