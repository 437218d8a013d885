import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Box from '@mui/material/Box';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, matchPath, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useReturnedToMeQuery } from '../../features/worklist/api/worklist-api.ts';

/** Read by screen readers, not shown: the badge itself is a bare number. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** How often the badge asks again while the app stays open. */
const BADGE_REFRESH_MS = 60_000;

/**
 * The header's menu (requirements W-01, W-20): Worklist and Questionnaire for every signed-in
 * person, the current one marked, and on Worklist a badge counting the disclosures returned to
 * the caller for correction.
 */
export function AppNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: returned = 0, refetch } = useReturnedToMeQuery(undefined, {
    pollingInterval: BADGE_REFRESH_MS,
  });
  // Moving to another page (after a resubmit, say) asks again, so the badge keeps up with what
  // the caller just did; the first page's count is the one the query just asked for.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    void refetch();
  }, [pathname, refetch]);
  const onWorklist = matchPath(paths.worklist, pathname) !== null;
  const onQuestionnaire =
    matchPath(paths.home, pathname) !== null || matchPath(paths.questionnaire, pathname) !== null;
  const current = (yes: boolean) => (yes ? ('page' as const) : undefined);
  const linkSx = (yes: boolean) => ({
    color: 'inherit',
    fontWeight: yes ? 700 : 400,
    borderBottom: 2,
    borderColor: yes ? 'currentColor' : 'transparent',
    borderRadius: 0,
  });

  return (
    <Stack component="nav" aria-label={t('nav.label')} direction="row" spacing={1}>
      <Button
        component={RouterLink}
        to={paths.worklist}
        aria-current={current(onWorklist)}
        sx={linkSx(onWorklist)}
      >
        <Badge
          color="error"
          badgeContent={returned}
          max={99}
          slotProps={{ badge: { 'aria-hidden': true } }}
          sx={{ '& .MuiBadge-badge': { right: -10 } }}
        >
          {t('nav.worklist')}
        </Badge>
        {returned > 0 && (
          <Box component="span" sx={visuallyHidden}>
            {' '}
            {t('nav.returned', { count: returned })}
          </Box>
        )}
      </Button>
      <Button
        component={RouterLink}
        to={paths.home}
        aria-current={current(onQuestionnaire)}
        sx={linkSx(onQuestionnaire)}
      >
        {t('nav.questionnaire')}
      </Button>
    </Stack>
  );
}
