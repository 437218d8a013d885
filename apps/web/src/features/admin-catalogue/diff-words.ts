import type { TFunction } from 'i18next';
import type { CatalogChange, CatalogDiff } from '@vmer/domain/api/catalog-diff-schema';
import { textIn } from '@vmer/domain/languages';
import type { Band, Bilingual, Language } from '@vmer/domain/model';
import { htmlToText } from '@vmer/domain/plain-text';

/**
 * The catalogue diff in words (requirements K-02): each structured change of the server's diff
 * becomes a sentence in the reader's language, built only from this feature's texts and the
 * catalogue's own texts in that language.
 */

type PartChange = CatalogDiff['parts'][number];
const k = (key: string) => `adminCatalogue.${key}`;

export interface Words {
  t: TFunction;
  language: Language;
}

/** A catalogue text in the reader's language, quoted, its markup dropped. */
function quoted({ t, language }: Words, text: Bilingual): string {
  return t(k('quote'), { text: htmlToText(textIn(text, language)).replace(/\s*\n\s*/g, ' ') });
}

function list({ t }: Words, items: string[]): string {
  return items.join(t(k('listSeparator')));
}

/** One indicator's decision value in words: decline, postpone, refer, exclusion, debit points. */
export function decisionWords({ t }: Words, value: string | null): string {
  if (value === null) return t(k('decision.none'));
  if (value === 'D' || value === 'P' || value === 'U') return t(k(`decision.${value}`));
  if (value.startsWith('EX')) return t(k('decision.exclusion'), { code: value });
  if (Number(value) === 0) return t(k('decision.standard'));
  return t(k('decision.debit'), { points: value });
}

function bandWords(words: Words, band: Band): string {
  const { t } = words;
  const bounds = [
    band.from !== undefined && t(k('band.from'), { value: band.from }),
    band.above !== undefined && t(k('band.above'), { value: band.above }),
    band.to !== undefined && t(k('band.to'), { value: band.to }),
    band.below !== undefined && t(k('band.below'), { value: band.below }),
    band.maxMonths !== undefined && t(k('band.maxMonths'), { months: band.maxMonths }),
  ].filter((bound): bound is string => typeof bound === 'string');
  const decision = list(
    words,
    Object.entries(band.decision).map(([indicator, value]) =>
      t(k('decision.indicator'), { indicator, value: decisionWords(words, value) }),
    ),
  );
  const range = bounds.length > 0 ? bounds.join(t(k('band.join'))) : t(k('band.any'));
  return t(k('band.rule'), { range, decision });
}

function bandsWords(words: Words, bands: Band[]): string {
  if (bands.length === 0) return words.t(k('band.noBands'));
  return bands.map((band) => bandWords(words, band)).join(words.t(k('clauseSeparator')));
}

/** A setting's value: yes / no, none, or as written. */
function valueWords({ t }: Words, value: string | null): string {
  if (value === null || value === '') return t(k('value.none'));
  if (value === 'true' || value === 'false') return t(k(`value.${value}`));
  return value;
}

/** A label for a field name the texts know, else the name itself. */
function fieldWords({ t }: Words, group: string, field: string): string {
  const key = k(`${group}.${field}`);
  const label = t(key);
  return label === key ? field : label;
}

function placeWords(
  words: Words,
  place: Extract<CatalogChange, { kind: 'questionMoved' }>['before'],
): string {
  if (!place.question || !place.option) return words.t(k('place.top'));
  return words.t(k('place.under'), {
    option: quoted(words, place.option.label),
    question: quoted(words, place.question.text),
  });
}

/** One change of a condition as a sentence (or two, for search words added and removed). */
export function changeInWords(words: Words, change: CatalogChange): string {
  const { t } = words;
  const say = (key: string, values: Record<string, unknown> = {}) => t(k(`change.${key}`), values);
  const question = 'question' in change ? quoted(words, change.question.text) : '';
  const option = 'option' in change ? quoted(words, change.option.label) : '';
  switch (change.kind) {
    case 'name':
      return say('name', {
        before: quoted(words, change.before),
        after: quoted(words, change.after),
      });
    case 'gender':
      return say('gender', {
        before: t(k(`gender.${change.before}`)),
        after: t(k(`gender.${change.after}`)),
      });
    case 'synonyms': {
      const language = t(k(`language.${change.language}`));
      return [
        change.added.length > 0 &&
          say('synonymsAdded', { language, words: list(words, change.added) }),
        change.removed.length > 0 &&
          say('synonymsRemoved', { language, words: list(words, change.removed) }),
      ]
        .filter(Boolean)
        .join(' ');
    }
    case 'indicators':
      return [
        change.added.length > 0 &&
          say('indicatorsAdded', { indicators: list(words, change.added) }),
        change.removed.length > 0 &&
          say('indicatorsRemoved', { indicators: list(words, change.removed) }),
      ]
        .filter(Boolean)
        .join(' ');
    case 'conditionField':
      return say('conditionField', {
        field: fieldWords(words, 'conditionField', change.field),
        before: valueWords(words, change.before),
        after: valueWords(words, change.after),
      });
    case 'groupHeader':
      return say('groupHeader', {
        before: quoted(words, change.before),
        after: quoted(words, change.after),
      });
    case 'questionAdded':
    case 'questionRemoved':
      return say(change.kind, { question });
    case 'questionText':
      return say('questionText', {
        before: quoted(words, change.before),
        after: quoted(words, change.after),
      });
    case 'questionType':
      return say('questionType', {
        question,
        before: t(k(`type.${change.before}`)),
        after: t(k(`type.${change.after}`)),
      });
    case 'questionMandatory':
      return say(change.after ? 'questionMandatoryOn' : 'questionMandatoryOff', { question });
    case 'questionMoved':
      return say('questionMoved', {
        question,
        before: placeWords(words, change.before),
        after: placeWords(words, change.after),
      });
    case 'questionGroup':
      return say('questionGroup', {
        question,
        before: quoted(words, change.before),
        after: quoted(words, change.after),
      });
    case 'questionBands':
      return say('questionBands', {
        question,
        before: bandsWords(words, change.before),
        after: bandsWords(words, change.after),
      });
    case 'questionDecision':
    case 'optionDecision':
      return say(change.kind, {
        question,
        option,
        indicator: change.indicator,
        before: decisionWords(words, change.before),
        after: decisionWords(words, change.after),
      });
    case 'questionField':
    case 'optionField':
      return say(change.kind, {
        question,
        option,
        field: fieldWords(words, change.kind, change.field),
        before: valueWords(words, change.before),
        after: valueWords(words, change.after),
      });
    case 'optionAdded':
    case 'optionRemoved':
      return say(change.kind, { question, option });
    case 'optionLabel':
      return say('optionLabel', {
        question,
        before: quoted(words, change.before),
        after: quoted(words, change.after),
      });
  }
}

/** A catalogue-wide part that changed, naming the entries added, removed and changed. */
export function partInWords(words: Words, part: PartChange): string {
  const { t } = words;
  const details = (['added', 'removed', 'changed'] as const)
    .filter((which) => part[which].length > 0)
    .map((which) =>
      t(k(`part${which[0]!.toUpperCase()}${which.slice(1)}`), {
        items: list(words, part[which]),
      }),
    )
    .join(t(k('clauseSeparator')));
  return t(k('partSentence'), { part: t(k(`part.${part.part}`)), details });
}
