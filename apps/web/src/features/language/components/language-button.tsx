import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import TranslateIcon from '@mui/icons-material/Translate';
import { useTranslation } from 'react-i18next';
import { LanguageDialog } from './language-dialog.tsx';

/** The header's language-setting icon, opening the language dialog. */
export function LanguageButton() {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation();
  return (
    <>
      <Tooltip title={t('header.language')}>
        <IconButton
          color="inherit"
          aria-label={t('header.language')}
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          <TranslateIcon />
        </IconButton>
      </Tooltip>
      <LanguageDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
