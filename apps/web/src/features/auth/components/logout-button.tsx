import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import LogoutIcon from '@mui/icons-material/Logout';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../use-sign-out.ts';

/** The header's logout link; an icon in the mobile header (requirements §2). */
export function LogoutButton({ variant }: { variant: 'text' | 'icon' }) {
  const signOut = useSignOut();
  const { t } = useTranslation();
  if (variant === 'icon') {
    return (
      <Tooltip title={t('header.logout')}>
        <IconButton color="inherit" aria-label={t('header.logout')} onClick={signOut}>
          <LogoutIcon />
        </IconButton>
      </Tooltip>
    );
  }
  return (
    <Button color="inherit" startIcon={<LogoutIcon />} onClick={signOut}>
      {t('header.logout')}
    </Button>
  );
}
