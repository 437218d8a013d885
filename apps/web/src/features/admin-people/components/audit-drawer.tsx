import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminAuditEntry } from '@vmer/domain/admin';
import { useFormatters } from '../../../lib/use-formatters.ts';
import { useAdminAuditQuery } from '../api/admin-people-api.ts';
import { useRoleTitle } from './person-fields.tsx';

/** A value of the trail as a person reads it: job titles, yes/no, lists joined. */
function useAuditValue() {
  const { t } = useTranslation();
  const roleTitle = useRoleTitle();
  return (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return t('adminPeople.audit.none');
    if (field === 'role') return roleTitle(String(value));
    if (field === 'signIn') return t(`adminPeople.signIn.${String(value)}`);
    if (field === 'state') return t(`adminRequests.tabs.${String(value)}`);
    if (typeof value === 'boolean')
      return t(value ? 'adminPeople.audit.yes' : 'adminPeople.audit.no');
    if (Array.isArray(value)) return value.length ? value.join(', ') : t('adminPeople.audit.none');
    return String(value);
  };
}

function AuditPage({
  subjectType,
  subjectId,
  cursor,
  onMore,
}: {
  subjectType: AdminAuditEntry['subjectType'];
  subjectId: string;
  cursor: string | undefined;
  onMore: (cursor: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const { formatDateTime } = useFormatters();
  const valueOf = useAuditValue();
  const audit = useAdminAuditQuery({ subjectType, subjectId, ...(cursor ? { cursor } : {}) });
  const item = (content: ReactNode) => (
    <Box component="li" sx={{ listStyle: 'none' }}>
      {content}
    </Box>
  );
  if (audit.isLoading) return item(<LinearProgress aria-label={t('adminPeople.audit.loading')} />);
  if (audit.isError) return item(<Alert severity="error">{t('adminPeople.audit.failed')}</Alert>);
  const page = audit.data;
  if (!page || (page.items.length === 0 && !cursor))
    return item(<Typography color="text.secondary">{t('adminPeople.audit.empty')}</Typography>);
  const fieldName = (field: string) =>
    i18n.exists(`adminPeople.audit.fields.${field}`)
      ? t(`adminPeople.audit.fields.${field}`)
      : field;
  const actionName = (action: string) =>
    i18n.exists(`adminPeople.audit.actions.${action}`)
      ? t(`adminPeople.audit.actions.${action}`)
      : action;
  return (
    <>
      {page.items.map((entry) => (
        <Box
          component="li"
          key={entry.id}
          sx={{ listStyle: 'none', borderBottom: 1, borderColor: 'divider', pb: 1.5 }}
        >
          <Typography component="h3" variant="subtitle2">
            {actionName(entry.action)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('adminPeople.audit.by', {
              actor: entry.actor,
              at: formatDateTime(new Date(entry.at)),
            })}
          </Typography>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'auto 1fr',
              columnGap: 1.5,
              rowGap: 0.25,
              m: 0,
              mt: 0.5,
            }}
          >
            {entry.changes.map((change) => (
              <Box key={change.field} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {fieldName(change.field)}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {valueOf(change.field, change.before)} → {valueOf(change.field, change.after)}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      ))}
      {page.nextCursor &&
        item(
          <Button onClick={() => onMore(page.nextCursor!)}>{t('adminPeople.audit.more')}</Button>,
        )}
    </>
  );
}

/**
 * The trail of one person or request (requirements O-08): who changed what and when, each
 * field before → after, newest first.
 */
export function AuditDrawer({
  subjectType,
  subjectId,
  title,
  onClose,
}: {
  subjectType: AdminAuditEntry['subjectType'];
  subjectId: string;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          sx: { width: { xs: '100%', sm: 420 } },
        },
      }}
    >
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', p: 2, pb: 1 }}
      >
        <Typography id={titleId} component="h2" variant="h6">
          {title}
        </Typography>
        <IconButton aria-label={t('common.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Stack component="ul" spacing={1.5} sx={{ px: 2, pb: 2, m: 0 }}>
        {cursors.map((cursor) => (
          <AuditPage
            key={cursor ?? 'first'}
            subjectType={subjectType}
            subjectId={subjectId}
            cursor={cursor}
            onMore={(next) => setCursors((all) => [...all, next])}
          />
        ))}
      </Stack>
    </Drawer>
  );
}
