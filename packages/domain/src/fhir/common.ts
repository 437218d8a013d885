/**
 * What the FHIR R4 views of the catalogue and of a disclosure share (design §13, requirements
 * N-05): the product's own URLs (the canonical Questionnaire, the answer options' code system
 * and the extensions it defines, all below `<PUBLIC_URL>/fhir`), the standard extensions it
 * uses, and how a bilingual text becomes a FHIR text with its translations.
 */
import type { Coding, Element, Extension } from 'fhir/r4.js';
import { textIn, type LanguageCode, type LocalizedText } from '../languages.ts';
import type { AnswerOption } from '../model.ts';
import { htmlToText } from '../plain-text.ts';
// Registers the Simplified Chinese converter, so that the zh-Hans translations are Simplified
// whoever imports this module.
import '../simplified.ts';

/** The FHIR language tag of each language besides English, the texts' primary language. */
const TRANSLATED: Readonly<Record<Exclude<LanguageCode, 'en'>, string>> = {
  cn_traditional: 'zh-Hant',
  cn_simplified: 'zh-Hans',
};

/** FHIR's standard extensions and code systems used here. */
export const FHIR_TRANSLATION = 'http://hl7.org/fhir/StructureDefinition/translation';
export const FHIR_ITEM_CONTROL =
  'http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl';
export const FHIR_ITEM_CONTROL_SYSTEM = 'http://hl7.org/fhir/questionnaire-item-control';
export const FHIR_OPTION_EXCLUSIVE =
  'http://hl7.org/fhir/StructureDefinition/questionnaire-optionExclusive';
export const FHIR_UNIT_OPTION = 'http://hl7.org/fhir/StructureDefinition/questionnaire-unitOption';
export const UCUM = 'http://unitsofmeasure.org';

/** The product's FHIR URLs under a deployment's public URL (`PUBLIC_URL`, with any sub-path). */
export interface FhirUrls {
  /** The canonical URL of the catalogue's Questionnaire; `|<version>` names one version. */
  questionnaire: string;
  /** The code system of the answer options: each option's uuid is its code. */
  answerOption: string;
  /** The identifier system of disclosure requests: the request id is the value. */
  requestId: string;
  /** The QuestionnaireResponse's catalogue version (valueString). */
  catalogueVersion: string;
  /** The disclosure's status in the product's lifecycle (valueCode, design §4). */
  disclosureStatus: string;
  /** A condition's decision for one indicator: sub-extensions `indicator` and `value`. */
  decision: string;
  /** A self-defined condition's typed name (valueString). */
  conditionName: string;
}

/** The product's FHIR URLs below `<publicUrl>/fhir`. */
export function fhirUrls(publicUrl: string): FhirUrls {
  const base = `${publicUrl.replace(/\/+$/, '')}/fhir`;
  const definition = (name: string) => `${base}/StructureDefinition/${name}`;
  return {
    questionnaire: `${base}/Questionnaire/catalogue`,
    answerOption: `${base}/CodeSystem/answer-option`,
    requestId: `${base}/NamingSystem/request-id`,
    catalogueVersion: definition('catalogue-version'),
    disclosureStatus: definition('disclosure-status'),
    decision: definition('decision'),
    conditionName: definition('condition-name'),
  };
}

/**
 * A bilingual text as FHIR writes one: the English text, and beside it (for `_text`, `_title`
 * or `_display`) its Chinese texts in the standard translation extension. Question HTML is
 * written as plain text, lines kept.
 */
export function translated(
  text: LocalizedText,
  html = false,
): { text: string; translations: Element } {
  const plain = (value: string) => (html ? htmlToText(value) : value);
  return {
    text: plain(text.en),
    translations: {
      extension: Object.entries(TRANSLATED).map(([code, lang]) => ({
        url: FHIR_TRANSLATION,
        extension: [
          { url: 'lang', valueCode: lang },
          { url: 'content', valueString: plain(textIn(text, code as LanguageCode)) },
        ],
      })),
    },
  };
}

/**
 * An answer option as a coding of the product's answer-option system, its label translated
 * where the Questionnaire offers it (a response names the option in English only).
 */
export function optionCoding(urls: FhirUrls, option: AnswerOption, translate = false): Coding {
  const label = translated(option.label);
  return {
    system: urls.answerOption,
    code: option.uuid,
    display: label.text,
    ...(translate ? { _display: label.translations } : {}),
  };
}

/** An extension holding a string. */
export function stringExtension(url: string, value: string): Extension {
  return { url, valueString: value };
}
