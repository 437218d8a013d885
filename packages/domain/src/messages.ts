/**
 * Every message key the domain emits, in both languages (design §9.2: the domain
 * emits keys, the web app and the server translate them). English follows the requirements' exact
 * wording where it quotes one, including its 'a answer' (design §8); Chinese is Traditional
 * Chinese as written in Hong Kong.
 */
import { textIn } from './languages.ts';
import type { Bilingual, Issue, Language } from './model.ts';

const messages = {
  // Basic information (requirements §5)
  application_number_required: {
    en: 'Application number is required',
    cn_traditional: '請輸入申請編號',
  },
  application_number_helper: {
    en: 'Limit to only 30 characters. Only Alphanumeric characters and # * ( ) { } [ ] \' " , . / allowed',
    cn_traditional: '最多 30 個字元。只可使用英文字母、數字及 # * ( ) { } [ ] \' " , . /',
  },
  age_required: { en: 'Age is required', cn_traditional: '請輸入年齡' },
  age_min: { en: 'Age must be 18 or higher', cn_traditional: '年齡必須為 18 歲或以上' },
  birth_date_empty: { en: 'Birth Date cannot be empty', cn_traditional: '出生日期不能留空' },
  birth_date_format: {
    en: 'Valid date format is DDMMYYYY',
    cn_traditional: '有效日期格式為 DDMMYYYY（日日月月年年年年）',
  },
  birth_date_future: {
    en: 'Birth date cannot be in the future',
    cn_traditional: '出生日期不能是將來的日期',
  },
  gender_required: { en: 'Gender is required', cn_traditional: '請選擇性別' },
  rsm_score_required: { en: 'Risk score is required', cn_traditional: '請選擇風險評分' },
  smoking_required: {
    en: 'Smoking status is required for selected impairment(s)',
    cn_traditional: '所選病症須填寫吸煙狀況',
  },
  height_invalid: { en: 'Height is not valid', cn_traditional: '身高無效' },
  weight_invalid: { en: 'Weight is not valid', cn_traditional: '體重無效' },

  // Plausibility (requirements I-16 to I-21, plausibility.ts)
  age_max: { en: 'Age must be {max} or lower', cn_traditional: '年齡必須為 {max} 歲或以下' },
  birth_date_age_mismatch: {
    en: 'The birth date gives age {age}: please check the birth date or the age',
    cn_traditional: '按出生日期計算，年齡應為 {age} 歲：請核對出生日期或年齡',
  },
  height_out_of_range: {
    en: 'Height must be between {min} and {max} cm',
    cn_traditional: '身高必須介乎 {min} 至 {max} 厘米',
  },
  weight_out_of_range: {
    en: 'Weight must be between {min} and {max} kg',
    cn_traditional: '體重必須介乎 {min} 至 {max} 公斤',
  },
  answer_date_future: {
    en: 'This date cannot be in the future',
    cn_traditional: '此日期不能是將來的日期',
  },
  answer_date_before_birth: {
    en: 'This date cannot be before the birth date',
    cn_traditional: '此日期不能早於出生日期',
  },
  answer_number_out_of_range: {
    en: 'The number must be between {min} and {max}',
    cn_traditional: '數字必須介乎 {min} 至 {max}',
  },
  answer_number_below_min: {
    en: 'The number must be {min} or more',
    cn_traditional: '數字必須為 {min} 或以上',
  },
  answer_number_above_max: {
    en: 'The number must be {max} or less',
    cn_traditional: '數字必須為 {max} 或以下',
  },
  answer_smoking_contradiction: {
    en: 'This answer contradicts the smoking status in the basic information',
    cn_traditional: '此答案與基本資料中的吸煙狀況不符',
  },

  // Questionnaire prompts (requirements §5, design §8)
  please_choose_video_mer: { en: 'Please choose Video MER', cn_traditional: '請選擇 Video MER' },
  please_choose_an_answer_and_decision: {
    en: 'Please choose a answer and decision',
    cn_traditional: '請選擇答案及決定',
  },
  please_answer_the_question_prompt: {
    en: 'Please answer the question',
    cn_traditional: '請回答問題',
  },
  please_answer_the_question: { en: 'please answer the question', cn_traditional: '請回答此問題' },
  please_select_a_unit: { en: 'Please select a unit', cn_traditional: '請選擇單位' },
  questionnaire_incomplete: {
    en: 'Questionnaire has not been completed.',
    cn_traditional: '問卷尚未完成。',
  },
  and_more: { en: 'and more', cn_traditional: '及更多' },
  impairment_already_chosen: {
    en: 'This condition is already chosen',
    cn_traditional: '已選擇此病症',
  },
  impairment_high_low_bmi_barred: {
    en: 'High / Low BMI cannot be chosen while Abnormal BMI is present',
    cn_traditional: '已有「體重指標（BMI）異常」時不可選擇「體重指標（BMI）過高／過低」',
  },
  impairment_limit_with_abnormal_bmi: {
    en: 'With an abnormal BMI, at most 3 further conditions can be chosen',
    cn_traditional: '體重指標（BMI）異常時最多只可再選擇 3 項病症',
  },
  impairment_limit: {
    en: 'At most 50 conditions can be chosen',
    cn_traditional: '最多只可選擇 50 項病症',
  },
  gender_change_removed: {
    en: 'Changing the gender removed: {names}',
    cn_traditional: '更改性別後已移除：{names}',
  },
  abnormal_bmi_added_again: {
    en: '{name} was removed earlier and has been added again because the BMI is abnormal',
    cn_traditional: '{name} 早前已被移除，因體重指標（BMI）異常已再次加入',
  },
  disclosure_unknown_impairment: {
    en: 'Unknown condition {impairment}',
    cn_traditional: '未知的病症 {impairment}',
  },
  disclosure_duplicate_impairment: {
    en: 'Condition {impairment} is listed more than once',
    cn_traditional: '病症 {impairment} 重複出現',
  },
  disclosure_self_defined_name: {
    en: 'A condition typed in needs a name',
    cn_traditional: '自行輸入的病症須填寫名稱',
  },
  disclosure_unknown_question: {
    en: 'Condition {impairment} has no question {question}',
    cn_traditional: '病症 {impairment} 沒有問題 {question}',
  },
  disclosure_duplicate_answer: {
    en: 'Question {question} is answered more than once',
    cn_traditional: '問題 {question} 重複作答',
  },
  disclosure_unanswered: {
    en: 'Condition {impairment}: question {question} is not answered',
    cn_traditional: '病症 {impairment}：問題 {question} 尚未作答',
  },
  page_label: {
    en: '{condition} - Page {n} - {group}',
    cn_traditional: '{condition} - 第 {n} 頁 - {group}',
  },

  // Answers of the wrong shape, refused by the server (design §4)
  answer_wrong_shape: {
    en: 'The answer to question {question} is not in the form its type needs',
    cn_traditional: '問題 {question} 的答案格式不符合其題型',
  },
  answer_unknown_option: {
    en: 'Question {question} has no answer option {option}',
    cn_traditional: '問題 {question} 沒有答案選項 {option}',
  },
  answer_exclusive_option: {
    en: 'Question {question}: answer option {option} cannot be chosen together with other options',
    cn_traditional: '問題 {question}：答案選項 {option} 不可與其他選項同時選擇',
  },
  answer_single_choice: {
    en: 'Question {question} takes only one answer',
    cn_traditional: '問題 {question} 只可選擇一個答案',
  },
  answer_too_many_lines: {
    en: 'Question {question} takes at most {max} answer lines',
    cn_traditional: '問題 {question} 最多只可填寫 {max} 行答案',
  },
  answer_not_a_number: {
    en: 'The answer to question {question} must be a number',
    cn_traditional: '問題 {question} 的答案必須為數字',
  },
  answer_unknown_unit: {
    en: 'Question {question} has no unit {unit}',
    cn_traditional: '問題 {question} 沒有單位 {unit}',
  },
  answer_date_invalid: {
    en: 'The answer to question {question} is not a valid date',
    cn_traditional: '問題 {question} 的答案不是有效日期',
  },
  answer_date_out_of_range: {
    en: 'The date for question {question} must be between 1900-01-01 and 2099-12-31',
    cn_traditional: '問題 {question} 的日期必須介乎 1900-01-01 至 2099-12-31',
  },

  // The lifecycle schemas' own rules (lifecycle.ts)
  redirection_invalid: {
    en: 'The redirection must be an https:// address or a path on this site starting with a single /.',
    cn_traditional: '重新導向位址必須為 https:// 網址，或本網站上以單一 / 開頭的路徑。',
  },
  too_many_entries: { en: 'This list has too many entries.', cn_traditional: '此清單的項目過多。' },

  // The worklist's filters (workbench.ts, requirements W-09)
  worklist_filter_invalid: {
    en: 'This filter value is not valid.',
    cn_traditional: '此篩選值無效。',
  },
  worklist_filter_rejected: {
    en: 'The worklist filter "{parameter}" is not valid.',
    cn_traditional: '工作清單的篩選條件「{parameter}」無效。',
  },
  worklist_insurer_not_yours: {
    en: 'You do not work for insurer {insurer}.',
    cn_traditional: '您並非負責保險公司 {insurer}。',
  },
  worklist_filter_unknown: {
    en: 'None of the insurers in view has {value}.',
    cn_traditional: '所檢視的保險公司均沒有 {value}。',
  },
  worklist_date_invalid: {
    en: 'Enter a date as YYYY-MM-DD.',
    cn_traditional: '請以 YYYY-MM-DD 格式輸入日期。',
  },
  worklist_range_reversed: {
    en: 'The date range ends before it starts.',
    cn_traditional: '日期範圍的結束日期早於開始日期。',
  },
  worklist_range_too_wide: {
    en: 'A date range can span at most {days} days.',
    cn_traditional: '日期範圍最多只可涵蓋 {days} 日。',
  },
  dashboard_filter_rejected: {
    en: 'The dashboard filter "{parameter}" is not valid.',
    cn_traditional: '儀表板的篩選條件「{parameter}」無效。',
  },
  worklist_cursor_invalid: {
    en: 'This page of the worklist does not belong to the current filters. Start again from the first page.',
    cn_traditional: '此工作清單頁面不屬於目前的篩選條件。請由第一頁重新開始。',
  },

  // The administration schemas' own rules (admin.ts)
  user_name_invalid: {
    en: 'A user name is 3 to 50 letters, digits, dots, dashes or underscores.',
    cn_traditional: '使用者名稱須為 3 至 50 個英文字母、數字、句點、連字號或底線。',
  },
  subject_invalid: {
    en: 'A subject is 1 to 255 visible characters without spaces.',
    cn_traditional: '主體識別碼須為 1 至 255 個不含空格的可見字元。',
  },
  subject_or_email_required: {
    en: 'Give the subject or the e-mail address the sign-in provider will send.',
    cn_traditional: '請提供登入服務將傳送的主體識別碼或電郵地址。',
  },

  // The review schemas' own rules (workbench.ts)
  override_decision_invalid: {
    en: 'An override decision is D, P, U, a number of debit points or exclusion codes such as EX1,EX3.',
    cn_traditional: '調整後的決定須為 D、P、U、加費點數或不保編號（例如 EX1,EX3）。',
  },
  override_reason_required: {
    en: 'Choose the reason for the override.',
    cn_traditional: '請選擇調整決定的原因。',
  },

  // Insurers and products (insurer-check.ts, requirements O-11)
  name_required: { en: 'Enter the name.', cn_traditional: '請輸入名稱。' },
  insurer_code_taken: {
    en: 'An insurer with this code already exists.',
    cn_traditional: '已有使用此代碼的保險公司。',
  },
  insurer_code_format: {
    en: 'An insurer code is lower-case letters and digits only.',
    cn_traditional: '保險公司代碼只可使用小寫英文字母及數字。',
  },
  code_format: {
    en: 'A code is letters, digits, - and _ only.',
    cn_traditional: '代碼只可使用英文字母、數字、- 及 _。',
  },
  channel_code_twice: {
    en: 'Another channel of this insurer has this code.',
    cn_traditional: '此保險公司的另一個銷售渠道已使用此代碼。',
  },
  product_code_twice: {
    en: 'Another product of this channel has this code.',
    cn_traditional: '此銷售渠道的另一個產品已使用此代碼。',
  },
  channels_required: {
    en: 'An insurer needs at least one channel.',
    cn_traditional: '保險公司最少須有一個銷售渠道。',
  },
  products_required: {
    en: 'A channel needs at least one product.',
    cn_traditional: '銷售渠道最少須有一個產品。',
  },
  conditions_required: {
    en: 'Choose at least one condition, or offer them all.',
    cn_traditional: '請選擇最少一個病症，或提供全部病症。',
  },
  condition_unknown: {
    en: 'The active catalogue has no condition {uuid}.',
    cn_traditional: '現行目錄沒有病症 {uuid}。',
  },
  condition_twice: {
    en: 'Condition {uuid} is listed twice.',
    cn_traditional: '病症 {uuid} 重複列出。',
  },
} satisfies Record<string, Bilingual>;

/** A key of {@link MESSAGES}. */
export type MessageKey = keyof typeof messages;

/** The text of every message key in both languages. */
export const MESSAGES: Record<MessageKey, Bilingual> = messages;

/** Whether a string (e.g. an {@link Issue} code) names a known message. */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(MESSAGES, key);
}

/**
 * The text of a message in a language, with each `{name}` replaced by `params[name]`.
 * A placeholder without a matching parameter stays as written, so a missing parameter shows
 * rather than vanishing.
 */
export function messageText(
  key: MessageKey,
  lang: Language,
  params?: Record<string, string | number>,
): string {
  const text = textIn(MESSAGES[key], lang);
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : placeholder,
  );
}

/** The text of an issue in a language; an unknown code is returned as it is. */
export function issueText(issue: Issue, lang: Language): string {
  return isMessageKey(issue.code) ? messageText(issue.code, lang, issue.params) : issue.code;
}
