import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { LANGUAGE_CODES } from '@vmer/domain/languages';
import type { Language } from '@vmer/domain/model';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { loadLanguage } from '../../../lib/i18n.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useSaveLanguageMutation } from '../api/language-api.ts';
import { languageChosen, selectLanguage } from '../language-slice.ts';

/** The interface text naming each language in the current one. */
const CHOICE_LABELS: Record<Language, string> = {
  en: 'language.english',
  cn_traditional: 'language.traditionalChinese',
  cn_simplified: 'language.simplifiedChinese',
};

/**
 * The language dialog (requirements §2): one choice per language of the domain's language table,
 * named in the current language; the choice is saved for the next sign-in.
 */
export function LanguageDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const current = useAppSelector(selectLanguage);
  const dispatch = useAppDispatch();
  const [saveLanguage] = useSaveLanguageMutation();
  const notify = useNotify();
  const { t, i18n } = useTranslation();

  const choose = (language: Language) => {
    dispatch(languageChosen(language));
    onClose();
    saveLanguage(language)
      .unwrap()
      // The notice speaks the chosen language, whose texts may still be loading.
      .then(() => loadLanguage(language))
      .then(() => notify(i18n.getFixedT(language)('language.saved')))
      // A failed save already shows in the error snackbar; the choice holds for this visit.
      .catch(() => undefined);
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="language-dialog-title">
      <DialogTitle id="language-dialog-title">{t('language.dialogTitle')}</DialogTitle>
      <List sx={{ pt: 0, minWidth: 280 }}>
        {LANGUAGE_CODES.map((language) => (
          <ListItemButton
            key={language}
            selected={language === current}
            aria-current={language === current ? 'true' : undefined}
            onClick={() => choose(language)}
            autoFocus={language === current}
          >
            <ListItemText primary={t(CHOICE_LABELS[language])} />
          </ListItemButton>
        ))}
      </List>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
