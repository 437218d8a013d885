import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { textIn } from '@vmer/domain/languages';
import type { DisclosureStatus, Language } from '@vmer/domain/model';
import { STATUS_NAMES } from '@vmer/domain/status-names';

/**
 * Tinted chips with dark text, above 7:1 contrast, one tint per status (W-02); a chart draws
 * each status in its text colour, so the dashboard reads like the worklist.
 */
export const STATUS_TONES: Record<DisclosureStatus, { background: string; color: string }> = {
  1: { background: '#eceff1', color: '#263238' },
  2: { background: '#e6f0fa', color: '#0b3f73' },
  3: { background: '#fff1e0', color: '#7a3d00' },
  4: { background: '#e7f4ea', color: '#1b5120' },
  5: { background: '#fdecea', color: '#8e1c1c' },
};

/** A status's name in the interface language. */
export function useStatusName(): (status: DisclosureStatus) => string {
  const { i18n } = useTranslation();
  return (status) => textIn(STATUS_NAMES[status], i18n.language as Language);
}

export function StatusChip({ status }: { status: DisclosureStatus }) {
  const statusName = useStatusName();
  return (
    <Chip
      size="small"
      label={statusName(status)}
      data-status={status}
      sx={{ ...STATUS_TONES[status], fontWeight: 600 }}
    />
  );
}
