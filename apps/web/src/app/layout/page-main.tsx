import { useEffect, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { useLocation } from 'react-router';
import { MAIN_CONTENT_ID } from '../../components/skip-link.tsx';
import type { SAME_SCREEN } from '../../config/paths.ts';

const isSameScreen = (state: unknown): state is typeof SAME_SCREEN =>
  typeof state === 'object' && state !== null && 'sameScreen' in state;

/**
 * The page's main landmark. After an in-app navigation focus moves to it, so that keyboard and
 * screen-reader users start at the new page's content rather than where the old page left them;
 * not after an address change of the same screen ({@link SAME_SCREEN}).
 */
export function PageMain({
  children,
  centred = false,
}: {
  children: ReactNode;
  centred?: boolean;
}) {
  const ref = useRef<HTMLElement>(null);
  const { pathname, state } = useLocation();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (pathname === shownPath.current) return;
    shownPath.current = pathname;
    if (!isSameScreen(state)) ref.current?.focus();
  }, [pathname, state]);
  return (
    <Box
      component="main"
      id={MAIN_CONTENT_ID}
      ref={ref}
      tabIndex={-1}
      sx={{
        flexGrow: 1,
        width: '100%',
        maxWidth: 1280,
        mx: 'auto',
        px: { xs: 2, md: 3 },
        py: { xs: 3, md: 4 },
        outline: 'none',
        ...(centred && {
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
        }),
      }}
    >
      {children}
    </Box>
  );
}
