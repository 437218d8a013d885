/**
 * The questionnaire screen's interface texts. The result dialog's keys sit at the top level
 * under the names the spec gives them (video_popup_title, …); the rest under `mer`. Merged
 * into i18next's resources beside the shell's texts and the domain's messages.
 */
const en = {
  video_popup_title: 'Video MER',
  video_popup_save: 'The questionnaire has been saved. It is not completed yet.',
  video_popup_submit: 'The questionnaire has been submitted and is completed. Thank you.',
  video_popup_close_confirm: 'Close without saving? Anything not saved will be lost.',
  mer: {
    question: {
      number: 'Question {n}',
      guidance: 'Guidance',
      addLine: 'Add a line',
      removeLine: 'Remove line {n}',
      line: 'Answer {n}',
      value: 'Answer',
      unit: 'Unit',
      exactDate: 'Exact Date?',
      date: 'Date',
      dateLoading: 'Loading the date picker',
      heightCm: 'Height (cm)',
      heightFt: 'Height (ft)',
      heightInch: 'Height (inch)',
      weightKg: 'Weight (kg)',
      weightLb: 'Weight (lb)',
      choose: 'Choose',
    },
  },
};

export type QuestionnaireTexts = typeof en;

const cnTraditional: QuestionnaireTexts = {
  video_popup_title: 'Video MER',
  video_popup_save: '問卷已儲存，尚未完成。',
  video_popup_submit: '問卷已提交並已完成，謝謝。',
  video_popup_close_confirm: '不儲存並關閉？未儲存的資料將會遺失。',
  mer: {
    question: {
      number: '問題 {n}',
      guidance: '指引',
      addLine: '新增一行',
      removeLine: '刪除第 {n} 行',
      line: '答案 {n}',
      value: '答案',
      unit: '單位',
      exactDate: '確實日期？',
      date: '日期',
      dateLoading: '正在載入日期選擇器',
      heightCm: '身高（厘米）',
      heightFt: '身高（呎）',
      heightInch: '身高（吋）',
      weightKg: '體重（公斤）',
      weightLb: '體重（磅）',
      choose: '請選擇',
    },
  },
};

/** The questionnaire screen's texts by language, for the i18n set-up to merge. */
export const questionnaireTexts = { en, cn_traditional: cnTraditional };
