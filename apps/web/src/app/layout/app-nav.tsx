import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { mayUse, screensFor, type Screen } from '@vmer/domain/screens';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link as RouterLink, matchPath, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { questionnaireApi } from '../../features/questionnaire/api/questionnaire-api.ts';
import { awaitsFirstPaint } from '../../features/questionnaire/use-load-disclosure-early.ts';
import { selectRole } from '../../features/user-info/user-info-slice.ts';
import { useReturnedToMeQuery } from '../../features/worklist/api/worklist-api.ts';
import { useAfterPaint } from '../../lib/use-after-paint.ts';
import { useAppSelector } from '../hooks.ts';
import { isOnScreen, SCREEN_PATHS } from '../screens.ts';

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
 * The count on Worklist (W-20): the disclosures returned to the caller for correction, asked
 * again on every move to another page. Asked only of a role the worklist is for.
 */
function useReturnedCount(worklist: boolean): number {
  const { pathname } = useLocation();
  // When the app opened at a disclosure, asked once it shows (or failed): its first paint waits
  // for nothing else (requirements F-01).
  const requestId = matchPath(paths.questionnaire, pathname)?.params.requestId;
  // Read again when the screen shows a disclosure or its opening fails.
  useAppSelector((state) => state.questionnaire?.session.requestId);
  const failed = questionnaireApi.endpoints.disclosure.useQueryState(
    requestId ?? skipToken,
  ).isError;
  const painted = useAfterPaint(!awaitsFirstPaint(requestId) || failed);
  const {
    data: returned = 0,
    refetch,
    isUninitialized,
  } = useReturnedToMeQuery(undefined, {
    pollingInterval: BADGE_REFRESH_MS,
    skip: !worklist || !painted,
  });
  // Moving to another page (after a resubmit, say) asks again, so the badge keeps up with what
  // the caller just did; the first page's count is the one the query just asked for.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    // A badge not asked yet (held back while a disclosure opened) is asked by the query itself.
    if (worklist && !isUninitialized) void refetch();
  }, [pathname, refetch, worklist, isUninitialized]);
  return worklist ? returned : 0;
}

function WorklistLabel({ returned }: { returned: number }) {
  const { t } = useTranslation();
  return (
    <>
      <Badge
        color="error"
        badgeContent={returned}
        max={99}
        slotProps={{ badge: { 'aria-hidden': true } }}
        // The badge stands out past the label; the margin keeps it inside the menu, which
        // would otherwise scroll (or hide it) when Worklist is the last entry.
        sx={{ mr: returned > 0 ? 2.5 : 0, '& .MuiBadge-badge': { right: -10 } }}
      >
        {t('nav.worklist')}
      </Badge>
      {returned > 0 && (
        <Box component="span" sx={visuallyHidden}>
          {' '}
          {t('nav.returned', { count: returned })}
        </Box>
      )}
    </>
  );
}

/**
 * The header's menu (requirements O-01, W-01, W-20): the screens the signed-in person's role
 * may use (design §11, `screensFor`), in the domain's order, the current one marked; on
 * Worklist a badge counting the disclosures returned to the caller. No entry shows until user
 * info says who the person is; on a phone, where the menu has a row of its own, that row keeps
 * its height meanwhile (an invisible entry), so the page below does not jump down when the
 * entries arrive. On a phone the entries wrap should they not fit on one row.
 */
export function AppNav({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const role = useAppSelector(selectRole);
  const returned = useReturnedCount(mayUse(role, 'worklist'));
  const linkSx = (current: boolean) => ({
    color: 'inherit',
    fontWeight: current ? 700 : 400,
    borderBottom: 2,
    borderColor: current ? 'currentColor' : 'transparent',
    borderRadius: 0,
    whiteSpace: 'nowrap',
    flexShrink: 0,
    ...(compact ? { minWidth: 0, px: 1 } : {}),
  });
  const label = (screen: Screen) =>
    screen === 'worklist' ? <WorklistLabel returned={returned} /> : t(`nav.${screen}`);
  const screens = screensFor(role);

  return (
    <Stack
      component="nav"
      aria-label={t('nav.label')}
      direction="row"
      spacing={compact ? 0.5 : 1}
      useFlexGap
      // On a phone the entries wrap onto a second row rather than hide past the edge: an
      // administrator has five screens (design §11).
      sx={{ overflowX: 'auto', minWidth: 0, ...(compact ? { pr: 1.5, flexWrap: 'wrap' } : {}) }}
    >
      {compact && role === undefined && (
        <Button aria-hidden tabIndex={-1} disabled sx={{ ...linkSx(false), visibility: 'hidden' }}>
          {'\u00a0'}
        </Button>
      )}
      {screens.map((screen) => {
        const current = isOnScreen(screen, pathname);
        return (
          <Button
            key={screen}
            component={RouterLink}
            to={SCREEN_PATHS[screen]}
            aria-current={current ? 'page' : undefined}
            sx={linkSx(current)}
          >
            {label(screen)}
          </Button>
        );
      })}
    </Stack>
  );
}
