/**
 * Which impairments a disclosure holds (requirements §4, design §8): the BMI rule adding and
 * removing the Abnormal BMI condition, the limit of 3 further conditions while BMI is
 * abnormal, High / Low BMI barred beside it, conditions dropped on a gender change, and
 * self-defined conditions built from the Others template.
 */
import { bmiDecision, isAbnormalBmi } from './bmi.ts';
import { LANGUAGE_CODES, textIn } from './languages.ts';
import { MAX_IMPAIRMENTS } from './model.ts';
import type { Decision, Gender, Impairment, RuleAge } from './model.ts';

/** What these rules read of an impairment; a disease-list entry (no questions) will do. */
export type ImpairmentRef = Pick<Impairment, 'uuid' | 'name' | 'gender' | 'selfDefined'>;

/** The English names of the two BMI conditions (userInfo, catalogue settings). */
export interface BmiImpairmentNames {
  /** The condition the BMI rule adds by itself. */
  abnormalBmiImpairmentName: string;
  /** The selectable catalogue condition, barred while the automatic one is chosen. */
  highLowBmiImpairmentName: string;
}

/** With an abnormal BMI, at most this many conditions besides Abnormal BMI (requirements §4, §9). */
export const MAX_FURTHER_WITH_ABNORMAL_BMI = 3;

/** Whether an impairment is the catalogue condition of this English name. */
export function isNamedImpairment(
  impairment: Pick<ImpairmentRef, 'name' | 'selfDefined'>,
  name: string,
): boolean {
  return !impairment.selfDefined && impairment.name.en === name;
}

/** Whether an impairment is the one the BMI rule adds (matched on its English name). */
export function isAbnormalBmiImpairment(
  impairment: Pick<ImpairmentRef, 'name' | 'selfDefined'>,
  abnormalBmiImpairmentName: string,
): boolean {
  return isNamedImpairment(impairment, abnormalBmiImpairmentName);
}

/** What the BMI rule reads. */
export interface BmiRuleInput<T extends ImpairmentRef> {
  ruleAgeList: RuleAge[];
  age: number | null;
  gender: Gender | null;
  bmi: number | null;
  chosen: readonly T[];
  /** The Abnormal BMI condition as the product offers it; undefined when it does not. */
  abnormalBmiImpairment: T | undefined;
  abnormalBmiImpairmentName: string;
  /** The user deleted the Abnormal BMI chip earlier in this disclosure. */
  deletedByUser: boolean;
}

/** What the BMI rule did. */
export interface BmiRuleOutcome<T extends ImpairmentRef> {
  chosen: T[];
  /** The BMI rule's decision (null under 18 or without a BMI). */
  decision: Decision | null;
  /** Any indicator of the decision is other than '0'. */
  abnormal: boolean;
  /** The Abnormal BMI condition was added now. */
  added: boolean;
  /** The Abnormal BMI condition was removed now. */
  removed: boolean;
  /** Show the impairment-was-removed alert: it was added again after the user deleted it. */
  removedAlert: boolean;
}

/**
 * The BMI rule (requirements §4, design §8). From age 18 with a BMI, ruleAgeList gives a decision;
 * when any indicator is non-zero the Abnormal BMI condition is added (at the end) unless
 * already chosen, and `removedAlert` is set when the user had deleted it earlier in this
 * disclosure. When all are zero, or no decision applies, it is removed. Conditions already
 * chosen stay even beyond the limit of 3: the limit applies to choosing
 * ({@link chooseImpairment}), and answers are never thrown away by a change of height.
 */
export function applyBmiRule<T extends ImpairmentRef>(input: BmiRuleInput<T>): BmiRuleOutcome<T> {
  const decision = bmiDecision(input.ruleAgeList, input.age, input.gender, input.bmi);
  const abnormal = isAbnormalBmi(decision);
  const isAuto = (i: T): boolean => isAbnormalBmiImpairment(i, input.abnormalBmiImpairmentName);
  const present = input.chosen.some(isAuto);
  const outcome = { decision, abnormal, added: false, removed: false, removedAlert: false };
  if (abnormal && !present && input.abnormalBmiImpairment) {
    return {
      ...outcome,
      chosen: [...input.chosen, input.abnormalBmiImpairment],
      added: true,
      removedAlert: input.deletedByUser,
    };
  }
  if (!abnormal && present) {
    return { ...outcome, chosen: input.chosen.filter((i) => !isAuto(i)), removed: true };
  }
  return { ...outcome, chosen: [...input.chosen] };
}

/** Why an impairment cannot be chosen; each is a message key. */
export type ChoiceRefusal =
  | 'impairment_already_chosen'
  | 'impairment_high_low_bmi_barred'
  | 'impairment_limit_with_abnormal_bmi'
  | 'impairment_limit';

/**
 * Why choosing this impairment now is refused, or null when it may be chosen: already
 * chosen; High / Low BMI while Abnormal BMI is chosen; a 4th further condition while
 * Abnormal BMI is chosen; more than 50 conditions.
 */
export function choiceRefusal(
  chosen: readonly ImpairmentRef[],
  impairment: ImpairmentRef,
  names: BmiImpairmentNames,
): ChoiceRefusal | null {
  if (chosen.some((i) => i.uuid === impairment.uuid)) return 'impairment_already_chosen';
  const abnormalPresent = chosen.some((i) =>
    isAbnormalBmiImpairment(i, names.abnormalBmiImpairmentName),
  );
  if (abnormalPresent && isNamedImpairment(impairment, names.highLowBmiImpairmentName)) {
    return 'impairment_high_low_bmi_barred';
  }
  if (abnormalPresent && !isAbnormalBmiImpairment(impairment, names.abnormalBmiImpairmentName)) {
    const further = chosen.filter(
      (i) => !isAbnormalBmiImpairment(i, names.abnormalBmiImpairmentName),
    ).length;
    if (further >= MAX_FURTHER_WITH_ABNORMAL_BMI) return 'impairment_limit_with_abnormal_bmi';
  }
  return chosen.length >= MAX_IMPAIRMENTS ? 'impairment_limit' : null;
}

/** The outcome of choosing an impairment. */
export interface ChoiceOutcome<T extends ImpairmentRef> {
  chosen: T[];
  /** Null when it was added; otherwise why it was dropped again. */
  refused: ChoiceRefusal | null;
}

/**
 * Chooses an impairment (requirements §4): it joins the end of the list unless {@link choiceRefusal}
 * refuses it. Beyond the limit of 3 further conditions while BMI is abnormal, the
 * last-selected one — this one — is dropped again, leaving the list as it was.
 */
export function chooseImpairment<T extends ImpairmentRef>(
  chosen: readonly T[],
  impairment: T,
  names: BmiImpairmentNames,
): ChoiceOutcome<T> {
  const refused = choiceRefusal(chosen, impairment, names);
  return { chosen: refused ? [...chosen] : [...chosen, impairment], refused };
}

/** The outcome of removing a chosen impairment. */
export interface RemovalOutcome<T extends ImpairmentRef> {
  chosen: T[];
  /** The removed one was the Abnormal BMI condition: remember it for the BMI rule's alert. */
  deletedAbnormalBmi: boolean;
}

/** Removes a chosen impairment by uuid (its answers, decision and pages go with it). */
export function removeImpairment<T extends ImpairmentRef>(
  chosen: readonly T[],
  uuid: string,
  names: Pick<BmiImpairmentNames, 'abnormalBmiImpairmentName'>,
): RemovalOutcome<T> {
  const removed = chosen.find((i) => i.uuid === uuid);
  return {
    chosen: chosen.filter((i) => i.uuid !== uuid),
    deletedAbnormalBmi:
      removed !== undefined && isAbnormalBmiImpairment(removed, names.abnormalBmiImpairmentName),
  };
}

/**
 * Whether an impairment applies to an applicant of this gender ('Both' always does; with no
 * gender given, every one does).
 */
export function matchesGender(
  impairment: Pick<ImpairmentRef, 'gender'>,
  gender: Gender | null | undefined,
): boolean {
  return gender == null || impairment.gender === 'Both' || impairment.gender === gender;
}

/** The outcome of a gender change. */
export interface GenderChangeOutcome<T extends ImpairmentRef> {
  kept: T[];
  /** The conditions removed; the gender-change alert names them whenever any is (design §8). */
  removed: T[];
}

/**
 * A gender change (requirements §4): chosen impairments for the other gender only are removed;
 * those for both genders, self-defined ones included, stay.
 */
export function applyGenderChange<T extends ImpairmentRef>(
  chosen: readonly T[],
  gender: Gender | null,
): GenderChangeOutcome<T> {
  const kept: T[] = [];
  const removed: T[] = [];
  for (const i of chosen) (matchesGender(i, gender) ? kept : removed).push(i);
  return { kept, removed };
}

/** The outcome of a product change. */
export interface ProductChangeOutcome<T extends ImpairmentRef> {
  kept: T[];
  /** The conditions removed; the product-change alert names them whenever any is. */
  removed: T[];
}

/**
 * A product change: chosen catalogue conditions the new product does not offer are removed
 * (the server refuses to store them). Self-defined conditions and the special ones (Abnormal
 * BMI, High / Low BMI, the Others template, given by uuid) stay, as the server takes them for
 * every product.
 */
export function applyProductChange<T extends ImpairmentRef>(
  chosen: readonly T[],
  offered: readonly Pick<ImpairmentRef, 'uuid'>[],
  specialUuids: readonly string[],
): ProductChangeOutcome<T> {
  const keep = new Set([...offered.map((i) => i.uuid), ...specialUuids]);
  const kept: T[] = [];
  const removed: T[] = [];
  for (const i of chosen) (i.selfDefined || keep.has(i.uuid) ? kept : removed).push(i);
  return { kept, removed };
}

/** A condition name as typed text is compared: spaces around dropped, case and width folded. */
function comparableName(s: string): string {
  return s.normalize('NFKC').trim().toLowerCase();
}

/**
 * The catalogue condition a typed text names, or undefined: the text, with the spaces around
 * it dropped, is a condition's name in any of the product's languages, in any case ('gout',
 * ' 高血壓 ', '高血压'). Typed text that names one chooses it rather than becoming a self-defined
 * condition with the generic questions.
 */
export function catalogueConditionNamed<T extends Pick<ImpairmentRef, 'name'>>(
  entries: readonly T[],
  typed: string,
): T | undefined {
  const name = comparableName(typed);
  if (name === '') return undefined;
  return entries.find((e) =>
    LANGUAGE_CODES.some((language) => comparableName(textIn(e.name, language)) === name),
  );
}

const SELF_DEFINED_SUFFIX = /^(.+)-(\d+)$/;

/** The longest name a self-defined condition keeps (the disclosure document's limit). */
export const SELF_DEFINED_NAME_MAX = 200;

/**
 * A self-defined condition under a given uuid: the template's questions (requirements §3: the
 * generic questions of Others) re-parented to it, `selfDefined` true, and the typed name in
 * both languages.
 */
export function selfDefinedCondition(template: Impairment, uuid: string, name: string): Impairment {
  return {
    ...template,
    uuid,
    name: { en: name, cn_traditional: name },
    selfDefined: true,
    questionList: template.questionList.map((q) => ({
      ...q,
      parentUuid: q.parentUuid === template.uuid ? uuid : q.parentUuid,
      uuidPath: [uuid, ...q.uuidPath.split(',').slice(1)].join(','),
    })),
  };
}

/**
 * A new self-defined condition for a typed name (requirements §3, E-12): uuid = the template's uuid,
 * '-', and the timestamp `now` (raised by one until no chosen condition has it, so two made in
 * the same millisecond differ). The name is trimmed and cut at 200 characters; null when blank.
 */
export function createSelfDefined(
  template: Impairment,
  typedName: string,
  now: number,
  chosen: readonly Pick<ImpairmentRef, 'uuid'>[] = [],
): Impairment | null {
  const name = typedName.trim().slice(0, SELF_DEFINED_NAME_MAX);
  if (name === '') return null;
  const taken = new Set(chosen.map((i) => i.uuid));
  let stamp = Math.max(0, Math.trunc(now));
  while (taken.has(`${template.uuid}-${stamp}`)) stamp++;
  return selfDefinedCondition(template, `${template.uuid}-${stamp}`, name);
}

/** Whether a uuid is a self-defined condition's made from this template ('<template>-<digits>'). */
export function isSelfDefinedUuid(uuid: string, templateUuid: string): boolean {
  const m = SELF_DEFINED_SUFFIX.exec(uuid);
  return m !== null && m[1] === templateUuid;
}
