/**
 * The condition preview's texts (requirements K-07), merged into i18next's resources when the
 * preview's code loads.
 */
const en = {
  conditionPreview: {
    title: 'Preview',
    intro: 'Answer the questions as the interviewer would: the decisions follow your answers.',
    language: 'Language of the preview',
    reset: 'Reset answers',
    saveCase: 'Save these answers as a regression case',
    caseSaved: 'The answers were added as a regression case.',
    invalid: 'Fix the problems in this condition to preview it.',
    unavailable: 'The preview cannot be shown here.',
    noQuestions: 'No question is shown.',
    decisionsRegion: 'Decisions of the preview',
  },
};

const cnTraditional: typeof en = {
  conditionPreview: {
    title: '預覽',
    intro: '請如面談人員般回答問題：決定會隨答案更新。',
    language: '預覽語言',
    reset: '清除答案',
    saveCase: '將這些答案儲存為回歸測試個案',
    caseSaved: '答案已加入為回歸測試個案。',
    invalid: '請先修正此病症的問題，才可預覽。',
    unavailable: '此處無法顯示預覽。',
    noQuestions: '沒有顯示任何問題。',
    decisionsRegion: '預覽的決定',
  },
};

export const conditionPreviewTexts = { en, cn_traditional: cnTraditional };
