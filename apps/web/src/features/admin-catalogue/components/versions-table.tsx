import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { useFormatters } from '../../../lib/use-formatters.ts';
import type { CatalogVersion } from '../api/catalogue-api.ts';

const COLUMNS = [
  'version',
  'status',
  'author',
  'created',
  'activated',
  'note',
  'conditions',
  'actions',
] as const;

/** Tinted, with dark text above 7:1 contrast, like the worklist's status chips. */
const TONES = {
  active: { background: '#e7f4ea', color: '#1b5120' },
  inactive: { background: '#eceff1', color: '#263238' },
};

/**
 * The catalogue versions, newest first (requirements K-01): a real table with a caption, read
 * row by row by a screen reader. On a phone it scrolls sideways inside its own focusable
 * region, so a keyboard scrolls it too. Each version starts a draft (K-03); an earlier one than
 * the active version can be asked back (a rollback, approved by another administrator, K-11).
 */
export function VersionsTable({
  versions,
  onNewDraft,
  onRollback,
}: {
  versions: CatalogVersion[];
  /** Starts a draft from the version (K-03). */
  onNewDraft: (version: string) => void;
  /** Asks for an earlier version to be activated again (K-11). */
  onRollback: (version: string) => void;
}) {
  const { t } = useTranslation();
  const active = versions.find((version) => version.active);
  const { formatDateTime } = useFormatters();
  const empty = t('adminCatalogue.empty');
  const caption = t('adminCatalogue.versionsCaption');
  return (
    <>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ display: { xs: 'block', md: 'none' } }}
      >
        {t('adminCatalogue.scrollHint')}
      </Typography>
      <ScrollTable
        caption={caption}
        minWidth={1040}
        columns={COLUMNS.map((column) => {
          const label = t(`adminCatalogue.column.${column}`);
          return column === 'conditions' ? { label, align: 'right' } : label;
        })}
      >
        {versions.map((version) => {
          const status = version.active ? 'active' : 'inactive';
          return (
            <TableRow key={version.version} data-version={version.version}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {version.version}
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={t(`adminCatalogue.status.${status}`)}
                  sx={{ ...TONES[status], fontWeight: 600 }}
                />
              </TableCell>
              <TableCell>{version.author}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(new Date(version.createdAt))}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {version.activatedAt ? formatDateTime(new Date(version.activatedAt)) : empty}
              </TableCell>
              <TableCell sx={{ minWidth: 200, maxWidth: 360, overflowWrap: 'anywhere' }}>
                {version.notes || empty}
              </TableCell>
              <TableCell align="right">{version.impairments}</TableCell>
              <TableCell>
                <Stack direction="row" spacing={1}>
                  <Button
                    size="small"
                    variant="outlined"
                    onClick={() => onNewDraft(version.version)}
                    aria-label={t('adminCatalogue.studio.newDraftFrom', {
                      version: version.version,
                    })}
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    {t('adminCatalogue.studio.newDraft')}
                  </Button>
                  {active && Number(version.version) < Number(active.version) && (
                    <Button
                      size="small"
                      onClick={() => onRollback(version.version)}
                      aria-label={t('adminCatalogue.studio.rollbackTo', {
                        version: version.version,
                      })}
                      sx={{ whiteSpace: 'nowrap' }}
                    >
                      {t('adminCatalogue.studio.rollback')}
                    </Button>
                  )}
                </Stack>
              </TableCell>
            </TableRow>
          );
        })}
      </ScrollTable>
    </>
  );
}
