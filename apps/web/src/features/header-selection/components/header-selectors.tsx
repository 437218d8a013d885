import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import {
  channelChosen,
  insurerChosen,
  productChosen,
  selectHeaderSelection,
} from '../header-selection-slice.ts';
import { SelectorMenu } from './selector-menu.tsx';

const upper = (code: string) => code.toUpperCase();
const lower = (code: string) => code.toLowerCase();

/** The insurer, channel and product selectors the rest of the app works within (requirements §1, §2). */
export function HeaderSelectors() {
  const selection = useAppSelector(selectHeaderSelection);
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  return (
    <Stack
      role="group"
      aria-label={t('header.selectionLabel')}
      direction="row"
      spacing={{ xs: 2, md: 3 }}
      sx={{ alignItems: 'flex-start', minWidth: 0 }}
    >
      <SelectorMenu
        label={t('header.insurer')}
        value={selection.insurerCode}
        options={selection.insurerCodeList}
        display={upper}
        onChange={(code) => dispatch(insurerChosen(code))}
      />
      <SelectorMenu
        label={t('header.channel')}
        value={selection.channel}
        options={selection.channelList}
        display={upper}
        onChange={(channel) => dispatch(channelChosen(channel))}
      />
      <SelectorMenu
        label={t('header.product')}
        value={selection.productCode}
        options={selection.productCodeList}
        display={lower}
        onChange={(code) => dispatch(productChosen(code))}
      />
    </Stack>
  );
}
