import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The one-scroll setting (I-23) beside the paging controls: off, the disclosure pages as
 * before; on, every question shows on one scrolling list. Memoised: the disclosure card renders
 * at every answer, the switch only when the setting changes.
 */
export const OneScrollSwitch = memo(function OneScrollSwitch({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <FormControlLabel
      sx={{ mb: 1 }}
      control={<Switch checked={checked} onChange={(event) => onChange(event.target.checked)} />}
      label={t('mer.disclosure.oneScroll.toggle')}
    />
  );
});
