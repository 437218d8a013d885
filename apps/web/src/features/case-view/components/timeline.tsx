import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { textIn } from '@vmer/domain/languages';
import type { AuditEntry } from '@vmer/domain/lifecycle';
import type { Language } from '@vmer/domain/model';
import { STATUS_NAMES } from '@vmer/domain/status-names';
import { OVERRIDE_REASON_LABELS, OVERRIDE_REASONS } from '@vmer/domain/workbench';
import { useAppSelector } from '../../../app/hooks.ts';
import { TitledSection } from '../../../components/titled-section.tsx';
import { useFormatters } from '../../../lib/use-formatters.ts';
import { useDisclosureAuditQuery } from '../api/case-view-api.ts';
import { LoadState } from './load-state.tsx';

/** Operations whose reason the timeline shows: a rejection's and an override's. */
const WITH_REASON: ReadonlySet<AuditEntry['operation']> = new Set(['reject', 'override']);

/**
 * A reason as the audit trail keeps it, with an override's reason code in words: the trail
 * writes 'medical_evidence: note (Gallstones LIFE: 25 → 0)', or 'restored (…)' when an
 * override is removed.
 */
function reasonText(entry: AuditEntry, language: Language, restored: string): string {
  const reason = entry.reason ?? '';
  if (entry.operation !== 'override') return reason;
  if (reason.startsWith('restored')) return restored + reason.slice('restored'.length);
  const code = OVERRIDE_REASONS.find(
    (c) => reason.startsWith(c) && /^([:( ]|$)/.test(reason.slice(c.length)),
  );
  return code ? textIn(OVERRIDE_REASON_LABELS[code], language) + reason.slice(code.length) : reason;
}

/** A dot on the timeline's line, coloured by where the disclosure went. */
const DOT = {
  content: '""',
  position: 'absolute',
  left: -7,
  top: 6,
  width: 12,
  height: 12,
  borderRadius: '50%',
  bgcolor: 'background.paper',
  border: 2,
  borderColor: 'primary.main',
} as const;

function TimelineEntry({
  entry,
  onRevision,
}: {
  entry: AuditEntry;
  onRevision: (revision: number) => void;
}) {
  const { t } = useTranslation();
  const { formatDateTime } = useFormatters();
  const language = useAppSelector((state) => state.language.language);
  const status = (code: AuditEntry['toStatus']) => textIn(STATUS_NAMES[code], language);
  const move =
    entry.fromStatus === null || entry.fromStatus === entry.toStatus
      ? status(entry.toStatus)
      : `${status(entry.fromStatus)} → ${status(entry.toStatus)}`;
  return (
    <Box
      component="li"
      data-operation={entry.operation}
      sx={{ position: 'relative', pl: 2.5, pb: 2.5, '&::before': DOT }}
    >
      <Typography sx={{ fontWeight: 600 }}>{t(`caseView.operation.${entry.operation}`)}</Typography>
      <Typography variant="body2" color="text.secondary">
        <time dateTime={entry.at}>{formatDateTime(new Date(entry.at))}</time>
        {' · '}
        {t('caseView.by', { actor: entry.actor })}
      </Typography>
      <Typography variant="body2">{t('caseView.status', { move })}</Typography>
      {entry.catalogVersion && (
        <Typography variant="body2">
          {t('caseView.catalogue', { version: entry.catalogVersion })}
        </Typography>
      )}
      {WITH_REASON.has(entry.operation) && entry.reason && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {t('caseView.reason', {
            reason: reasonText(entry, language, t('caseView.restored')),
          })}
        </Typography>
      )}
      {entry.revision !== null && (
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => onRevision(entry.revision!)}
          aria-label={t('caseView.compareRevision', { n: entry.revision })}
        >
          {t('caseView.revision', { n: entry.revision })}
        </Link>
      )}
    </Box>
  );
}

/**
 * A disclosure's audit trail as a vertical timeline, oldest first (requirements W-12): each
 * request, save, submit, catalogue update, claim, release, override, validation and rejection
 * with who, when, the status it moved from and to, the catalogue version and the reason; a
 * kept revision's number opens it in the compare view.
 */
export function Timeline({
  disclosureId,
  onRevision,
}: {
  disclosureId: string;
  onRevision: (revision: number) => void;
}) {
  const { t } = useTranslation();
  const audit = useDisclosureAuditQuery(disclosureId, { refetchOnMountOrArgChange: true });
  const entries = audit.data ?? [];
  return (
    <TitledSection title={t('caseView.timeline')} heading="h2" headingSx={{ mb: 2 }}>
      <LoadState
        loading={audit.isLoading}
        failed={audit.isError}
        retry={() => void audit.refetch()}
      />
      {audit.isSuccess && entries.length === 0 && (
        <Typography color="text.secondary">{t('caseView.noEntries')}</Typography>
      )}
      {entries.length > 0 && (
        <Box
          component="ol"
          sx={{ listStyle: 'none', m: 0, ml: 1, p: 0, borderLeft: 2, borderColor: 'divider' }}
        >
          {entries.map((entry, i) => (
            <TimelineEntry key={i} entry={entry} onRevision={onRevision} />
          ))}
        </Box>
      )}
    </TitledSection>
  );
}
