import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { textIn } from '@vmer/domain/languages';
import type { RevisionCompare, RevisionSummary } from '@vmer/domain/workbench';
import { useAppSelector } from '../../../app/hooks.ts';
import { DecisionValue } from '../../../components/decision-value.tsx';
import { TitledSection } from '../../../components/titled-section.tsx';
import { useFormatters } from '../../../lib/use-formatters.ts';
import {
  useDisclosureAuditQuery,
  useDisclosureCompareQuery,
  useDisclosureRevisionsQuery,
} from '../api/case-view-api.ts';
import { comparisonOf, defaultComparison, type Comparison } from '../default-comparison.ts';
import { LoadState } from './load-state.tsx';

/** Narrow tables stay within a 390 px phone: cells tighten and long words wrap. */
const FITTING_TABLE = {
  width: '100%',
  '& th, & td': { px: { xs: 0.75, sm: 2 }, overflowWrap: 'anywhere', verticalAlign: 'top' },
} as const;

/** A table of changes: one header row, then each change with its first cell as the row's header. */
function ChangeTable({
  columns,
  rows,
}: {
  columns: readonly string[];
  rows: readonly { key: string; cells: readonly [ReactNode, ...ReactNode[]] }[];
}) {
  return (
    <TableContainer>
      <Table size="small" sx={FITTING_TABLE}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column} component="th" scope="col">
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ key, cells: [first, ...rest] }) => (
            <TableRow key={key}>
              <TableCell component="th" scope="row">
                {first}
              </TableCell>
              {rest.map((cell, i) => (
                <TableCell key={i}>{cell}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A decision in its colours, or "None" where the condition had none. */
function Decision({ value }: { value: string | null }) {
  const { t } = useTranslation();
  return value ? <DecisionValue value={value} /> : <>{t('caseView.noDecision')}</>;
}

/** What changed between two revisions, section by section; "No differences" when nothing did. */
function Differences({ compare }: { compare: RevisionCompare }) {
  const { t } = useTranslation();
  const indicators = useAppSelector((state) => state.userInfo.indicateList);
  const language = useAppSelector((state) => state.language.language);
  const benefit = (code: string) => {
    const indicator = indicators.find((i) => i.code === code);
    return indicator ? textIn(indicator.label, language) : code;
  };
  const { profile, conditionsAdded, conditionsRemoved, answers, decisions } = compare;
  const nothing =
    profile.length +
      conditionsAdded.length +
      conditionsRemoved.length +
      answers.length +
      decisions.length ===
    0;
  if (nothing)
    return (
      <Typography role="status" sx={{ fontWeight: 600 }}>
        {t('caseView.none')}
      </Typography>
    );
  return (
    <Stack spacing={3}>
      {profile.length > 0 && (
        <TitledSection title={t('caseView.profile')}>
          <ChangeTable
            columns={[t('caseView.field'), t('caseView.before'), t('caseView.after')]}
            rows={profile.map((change) => ({
              key: change.field,
              cells: [change.field, change.before, change.after],
            }))}
          />
        </TitledSection>
      )}
      {(
        [
          [t('caseView.conditionsAdded'), conditionsAdded],
          [t('caseView.conditionsRemoved'), conditionsRemoved],
        ] as const
      ).map(
        ([title, names]) =>
          names.length > 0 && (
            <TitledSection key={title} title={title}>
              <Box component="ul" sx={{ m: 0, pl: 3 }}>
                {names.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </Box>
            </TitledSection>
          ),
      )}
      {answers.length > 0 && (
        <TitledSection title={t('caseView.answers')}>
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {answers.map((change, i) => (
              <Box
                key={i}
                component="li"
                data-change={change.change}
                sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}
              >
                <Typography variant="body2" color="text.secondary">
                  {change.condition} · {t(`caseView.change.${change.change}`)}
                </Typography>
                <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {(change.after ?? change.before)?.question}
                </Typography>
                <Box
                  component="dl"
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: 'auto 1fr',
                    columnGap: 1,
                    m: 0,
                    '& dd': { m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' },
                  }}
                >
                  {change.before && (
                    <>
                      <Typography component="dt" variant="body2" color="text.secondary">
                        {t('caseView.beforeTerm')}
                      </Typography>
                      <Typography component="dd" variant="body2">
                        <Box component="del" sx={{ textDecorationThickness: 1 }}>
                          {change.before.answer}
                        </Box>
                      </Typography>
                    </>
                  )}
                  {change.after && (
                    <>
                      <Typography component="dt" variant="body2" color="text.secondary">
                        {t('caseView.afterTerm')}
                      </Typography>
                      <Typography component="dd" variant="body2" sx={{ fontWeight: 600 }}>
                        <ins style={{ textDecoration: 'none' }}>{change.after.answer}</ins>
                      </Typography>
                    </>
                  )}
                </Box>
              </Box>
            ))}
          </Stack>
        </TitledSection>
      )}
      {decisions.length > 0 && (
        <TitledSection title={t('caseView.decisions')}>
          <ChangeTable
            columns={[
              t('caseView.condition'),
              t('caseView.benefit'),
              t('caseView.before'),
              t('caseView.after'),
            ]}
            rows={decisions.map((change) => ({
              key: `${change.condition} ${change.indicator}`,
              cells: [
                change.condition,
                benefit(change.indicator),
                <Decision key="before" value={change.before} />,
                <Decision key="after" value={change.after} />,
              ],
            }))}
          />
        </TitledSection>
      )}
    </Stack>
  );
}

function RevisionSelect({
  label,
  value,
  revisions,
  onChange,
}: {
  label: string;
  value: number;
  revisions: readonly RevisionSummary[];
  onChange: (revision: number) => void;
}) {
  const { t } = useTranslation();
  const { formatDateTime } = useFormatters();
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      size="small"
      sx={{ flex: 1, minWidth: 0 }}
    >
      {revisions.map((r) => (
        <MenuItem key={r.revision} value={r.revision} sx={{ whiteSpace: 'normal' }}>
          {t('caseView.revisionOption', {
            n: r.revision,
            operation: t(`caseView.operation.${r.operation}`, { defaultValue: r.operation }),
            when: formatDateTime(new Date(r.at)),
            actor: r.actor,
          })}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * Two revisions of a disclosure side by side (requirements W-13, W-21): chosen with two
 * selects, opening on what changed since the last rejection (or the latest change), the
 * profile fields, conditions and answers added, removed and changed, and the decisions
 * before and after in their colours.
 */
export function CompareRevisions({
  disclosureId,
  choice,
  onChoose,
}: {
  disclosureId: string;
  /** Revisions chosen here, or one revision picked in the timeline; null for the default. */
  choice: Comparison | number | null;
  onChoose: (comparison: Comparison) => void;
}) {
  const { t } = useTranslation();
  const revisions = useDisclosureRevisionsQuery(disclosureId, { refetchOnMountOrArgChange: true });
  const audit = useDisclosureAuditQuery(disclosureId);
  const kept = revisions.data ?? [];
  const comparison: Comparison | null =
    kept.length < 2 || audit.isLoading
      ? null
      : typeof choice === 'number'
        ? comparisonOf(
            kept.map((r) => r.revision),
            choice,
          )
        : (choice ?? defaultComparison(kept, audit.data ?? []));
  const compare = useDisclosureCompareQuery(
    comparison ? { id: disclosureId, ...comparison } : skipToken,
  );

  return (
    <TitledSection title={t('caseView.compareTitle')} heading="h2" headingSx={{ mb: 2 }}>
      <LoadState
        loading={revisions.isLoading || audit.isLoading}
        failed={revisions.isError}
        retry={() => void revisions.refetch()}
      />
      {revisions.isSuccess && kept.length < 2 && (
        <Typography color="text.secondary">{t('caseView.onlyOne')}</Typography>
      )}
      {comparison && (
        <Stack spacing={3}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <RevisionSelect
              label={t('caseView.from')}
              value={comparison.from}
              revisions={kept}
              onChange={(from) => onChoose({ ...comparison, from })}
            />
            <RevisionSelect
              label={t('caseView.to')}
              value={comparison.to}
              revisions={kept}
              onChange={(to) => onChoose({ ...comparison, to })}
            />
          </Stack>
          <LoadState
            loading={compare.isFetching}
            failed={compare.isError}
            retry={() => void compare.refetch()}
          />
          {compare.data && !compare.isFetching && <Differences compare={compare.data} />}
        </Stack>
      )}
    </TitledSection>
  );
}
