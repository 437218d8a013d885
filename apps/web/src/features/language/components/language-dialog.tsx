import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { Language } from '@vmer/domain/model';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useSaveLanguageMutation } from '../api/language-api.ts';
import { languageChosen, selectLanguage } from '../language-slice.ts';

/** The language of each choice, in order: the first is English, any other Traditional Chinese. */
function languageOfChoice(index: number): Language {
  return index === 0 ? 'en' : 'cn_traditional';
}

const CHOICE_LABELS = ['language.english', 'language.traditionalChinese'] as const;

/** The two-choice language dialog (requirements §2); the choice is saved for the next sign-in. */
export function LanguageDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const current = useAppSelector(selectLanguage);
  const dispatch = useAppDispatch();
  const [saveLanguage] = useSaveLanguageMutation();
  const notify = useNotify();
  const { t, i18n } = useTranslation();

  const choose = (index: number) => {
    const language = languageOfChoice(index);
    dispatch(languageChosen(language));
    onClose();
    saveLanguage(language)
      .unwrap()
      .then(() => notify(i18n.getFixedT(language)('language.saved')))
      // A failed save already shows in the error snackbar; the choice holds for this visit.
      .catch(() => undefined);
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="language-dialog-title">
      <DialogTitle id="language-dialog-title">{t('language.dialogTitle')}</DialogTitle>
      <List sx={{ pt: 0, minWidth: 280 }}>
        {CHOICE_LABELS.map((label, index) => (
          <ListItemButton
            key={label}
            selected={languageOfChoice(index) === current}
            aria-current={languageOfChoice(index) === current ? 'true' : undefined}
            onClick={() => choose(index)}
            autoFocus={languageOfChoice(index) === current}
          >
            <ListItemText primary={t(label)} />
          </ListItemButton>
        ))}
      </List>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
