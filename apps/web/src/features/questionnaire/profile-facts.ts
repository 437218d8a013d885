import type { TFunction } from 'i18next';
import { birthDateText, heightText, weightText } from '@vmer/domain/answer-text';
import { textIn } from '@vmer/domain/languages';
import type { useDisclosureModel } from './use-disclosure-model.ts';

/**
 * The applicant's basic information as label and text pairs (requirements §1, M-23, W-11): the
 * insurer, channel and product with their names, the application number, birth date, age,
 * gender, risk score, height and weight in both units, BMI and smoking status in words. Paper
 * and the case view list the same facts.
 */
export function profileFacts(
  model: ReturnType<typeof useDisclosureModel>,
  t: TFunction,
): [label: string, text: string][] {
  const { questionnaire, language, selection, insurerEntry } = model;
  const { profile, applicationNumber } = questionnaire;
  const smoking = selection.smokingStatusList.find((o) => o.value === profile.smokingStatus);
  const named = (code: string, name: string | undefined) => (name ? `${code} – ${name}` : code);
  return [
    [
      t('mer.print.insurer'),
      named(
        selection.insurerCode.toUpperCase(),
        insurerEntry && textIn(insurerEntry.insurerName, language),
      ),
    ],
    [t('mer.print.channel'), selection.channel.toUpperCase()],
    [
      t('mer.print.product'),
      named(
        selection.productCode.toLowerCase(),
        insurerEntry && textIn(insurerEntry.productName, language),
      ),
    ],
    [t('mer.basic.applicationNumber'), applicationNumber],
    [t('mer.print.birthDate'), birthDateText(profile.birthDate)],
    [t('mer.basic.age'), profile.age === null ? '' : String(profile.age)],
    [
      t('mer.basic.gender'),
      profile.gender ? t(profile.gender === 'Male' ? 'mer.basic.male' : 'mer.basic.female') : '',
    ],
    [t('mer.basic.rsmScore'), profile.rsmScore ?? ''],
    [t('mer.print.height'), heightText(profile.height, language)],
    [t('mer.print.weight'), weightText(profile.weight, language)],
    [t('mer.basic.bmi'), profile.bmi === undefined ? '' : String(profile.bmi)],
    [
      t('mer.basic.smokingStatus'),
      smoking ? textIn(smoking.label, language) : (profile.smokingStatus ?? ''),
    ],
  ];
}
