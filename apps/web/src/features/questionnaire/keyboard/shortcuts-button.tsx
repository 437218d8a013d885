import KeyboardIcon from '@mui/icons-material/Keyboard';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

/** The visible way to the shortcuts dialog (I-08), for those who do not know '?'. */
export function ShortcutsButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      size="small"
      variant="text"
      startIcon={<KeyboardIcon />}
      onClick={onClick}
      aria-haspopup="dialog"
    >
      {t('mer.keyboard.button')}
    </Button>
  );
}
