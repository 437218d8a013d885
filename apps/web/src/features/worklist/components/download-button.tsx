import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WORKLIST_EXPORT_MAX } from '@vmer/domain/workbench';
import { downloadBase64 } from '../../../lib/download.ts';
import { useFormatters } from '../../../lib/use-formatters.ts';
import { useWorklistExportMutation, type WorklistParams } from '../api/worklist-api.ts';

/**
 * "Download xlsx" (requirements W-07): the filtered worklist as the server writes it, saved
 * under the server's file name; busy while the workbook is prepared, and saying so when the
 * rows were cut at the most a download holds.
 */
export function DownloadButton({ params }: { params: WorklistParams }) {
  const { t } = useTranslation();
  const { formatNumber } = useFormatters();
  const [download, { isLoading }] = useWorklistExportMutation();
  const [outcome, setOutcome] = useState<{ rows: number; truncated: boolean } | null>(null);

  const start = async () => {
    setOutcome(null);
    try {
      const file = await download(params).unwrap();
      downloadBase64(file.fileName, file.content);
      setOutcome({ rows: file.rows, truncated: file.truncated });
    } catch {
      // The global snackbar reports a failed call.
    }
  };

  return (
    <Box sx={{ minWidth: 200 }}>
      <Button
        variant="outlined"
        startIcon={<FileDownloadIcon />}
        loading={isLoading}
        loadingPosition="start"
        aria-busy={isLoading}
        onClick={() => void start()}
      >
        {t('worklist.download')}
      </Button>
      {isLoading && <LinearProgress aria-label={t('worklist.downloading')} sx={{ mt: 1 }} />}
      <Box role="status" sx={{ mt: outcome ? 1 : 0 }}>
        {outcome?.truncated && (
          <Alert severity="warning">
            {t('worklist.truncated', { max: formatNumber(WORKLIST_EXPORT_MAX) })}
          </Alert>
        )}
        {outcome && !outcome.truncated && (
          <Alert severity="success">
            {t('worklist.downloaded', { rows: formatNumber(outcome.rows) })}
          </Alert>
        )}
      </Box>
    </Box>
  );
}
