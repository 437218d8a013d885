import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { AdminInsurer } from '@vmer/domain/admin';
import { textIn } from '@vmer/domain/languages';
import type { Language } from '@vmer/domain/model';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorWithAction } from '../../../components/error-with-action.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAdminInsurersQuery, type SavedInsurer } from '../api/admin-insurers-api.ts';
import { newInsurer } from '../insurer-draft.ts';
import { InsurerEditor } from './insurer-editor.tsx';

/** The key of the editor of a new insurer among the insurers' codes. */
const NEW = '+new';

function InsurerSummary({ insurer, title }: { insurer: AdminInsurer; title: string }) {
  const { t } = useTranslation();
  const products = insurer.channels.reduce((sum, channel) => sum + channel.products.length, 0);
  return (
    <Stack spacing={0.25} sx={{ minWidth: 0 }}>
      <Typography component="h2" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('adminInsurers.summary', { channels: insurer.channels.length, products })}
      </Typography>
    </Stack>
  );
}

/**
 * /admin/insurers (requirements O-11): the administrator's insurers, each opening its editor,
 * and a new one to add. A saved change says which catalogue version is active now; `onSaved`
 * lets the app refresh what else reads the catalogue (the header's selectors).
 */
export function InsurersScreen({ onSaved }: { onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  useDocumentTitle(t('adminInsurers.documentTitle'));
  const { data, isLoading, isFetching, isError, refetch } = useAdminInsurersQuery();
  const [open, setOpen] = useState<string | null>(null);
  const [saved, setSaved] = useState<SavedInsurer | null>(null);
  const status = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (saved) status.current?.focus();
  }, [saved]);

  const afterSave = (answer: SavedInsurer) => {
    setSaved(answer);
    setOpen(answer.insurer.code);
    onSaved();
    void refetch();
  };

  const editorOf = (insurer: AdminInsurer, creating: boolean) =>
    data && (
      <InsurerEditor
        // A new version read (after a save, or a reload) starts the editor afresh.
        key={`${insurer.code}@${data.catalogVersion}`}
        original={insurer}
        creating={creating}
        catalogVersion={data.catalogVersion}
        conditions={data.conditions}
        takenCodes={data.insurers.map((known) => known.code)}
        onSaved={afterSave}
        onStale={() => void refetch()}
      />
    );

  const item = (key: string, insurer: AdminInsurer, title: string, creating: boolean) => (
    <Accordion
      key={key}
      expanded={open === key}
      onChange={(_event, expanded) => setOpen(expanded ? key : null)}
      disableGutters
      slotProps={{ transition: { unmountOnExit: true } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <InsurerSummary insurer={insurer} title={title} />
      </AccordionSummary>
      <AccordionDetails>{editorOf(insurer, creating)}</AccordionDetails>
    </Accordion>
  );

  return (
    <Stack spacing={2} sx={{ width: '100%', maxWidth: 1100, mx: 'auto' }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
        {t('adminInsurers.title')}
      </Typography>
      {data && (
        <Typography variant="body2" color="text.secondary">
          {t('adminInsurers.intro', { version: data.catalogVersion })}
        </Typography>
      )}
      {(isLoading || isFetching) && <LinearProgress aria-label={t('common.loading')} />}
      {isError && (
        <ErrorWithAction
          message={t('adminInsurers.loadFailed')}
          action={t('common.retry')}
          onAction={() => void refetch()}
        />
      )}
      {saved && (
        <Alert
          severity="success"
          role="status"
          ref={status}
          tabIndex={-1}
          onClose={() => setSaved(null)}
        >
          {t('adminInsurers.saved', {
            insurer: saved.insurer.code.toUpperCase(),
            version: saved.catalogVersion,
          })}
        </Alert>
      )}
      {data && (
        <Box component="section" aria-label={t('adminInsurers.list')}>
          {data.insurers.length === 0 && <Typography>{t('adminInsurers.none')}</Typography>}
          {data.insurers.map((insurer) =>
            item(
              insurer.code,
              insurer,
              `${insurer.code.toUpperCase()} · ${textIn(insurer.name, language)}`,
              false,
            ),
          )}
          {open === NEW && item(NEW, newInsurer(), t('adminInsurers.newInsurer'), true)}
        </Box>
      )}
      {data && open !== NEW && (
        <Box>
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setOpen(NEW)}>
            {t('adminInsurers.add')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
