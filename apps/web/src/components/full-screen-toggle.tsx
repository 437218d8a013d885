import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import { useTranslation } from 'react-i18next';
import { useFullScreen } from '../lib/use-full-screen.ts';

/** Switches full screen on and off; absent where the browser has no Fullscreen API. */
export function FullScreenToggle() {
  const { supported, active, toggle } = useFullScreen();
  const { t } = useTranslation();
  if (!supported) return null;
  const label = t('header.fullScreen');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" onClick={toggle} aria-label={label} aria-pressed={active}>
        {active ? <FullscreenExitIcon /> : <FullscreenIcon />}
      </IconButton>
    </Tooltip>
  );
}
