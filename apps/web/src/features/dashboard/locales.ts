/**
 * The dashboard screen's interface texts (requirements O-12, O-13), merged into i18next's
 * resources when the screen's route loads. Status names are the domain's (STATUS_NAMES).
 */
const en = {
  dashboard: {
    title: 'Operations dashboard',
    documentTitle: 'Dashboard',
    filters: {
      title: 'Filters',
      show: 'Show filters',
      hide: 'Hide filters',
      insurer: 'Insurer',
      channel: 'Channel',
      product: 'Product',
      any: 'Any',
      from: 'From',
      to: 'To',
      clear: 'Clear filters',
    },
    asOf: 'Figures as of {time}, from {from} to {to}.',
    loading: 'Loading the figures',
    failed: 'The dashboard could not be loaded.',
    refused: 'The dashboard refused these filters: {message}',
    view: 'Show {title} as',
    chart: 'Chart',
    table: 'Table',
    download: 'Download CSV',
    downloadLabel: 'Download CSV: {title}',
    empty: 'Nothing to show for these filters.',
    total: 'Total',
    categories: {
      standard: 'Standard',
      debits: 'Debit points',
      exclusion: 'Exclusion',
      refer: 'Refer',
      postpone: 'Postpone',
      decline: 'Decline',
    },
    perDay: {
      title: 'Disclosures per day by status',
      description:
        'Stacked bars: the disclosures created each day, coloured by their status now. The table view lists the same figures.',
      day: 'Day',
    },
    straightThrough: {
      title: 'Straight-through rate per week',
      description:
        'Line: per week of submission, the share of submitted disclosures decided without an underwriter (no refer, postpone or decline).',
      week: 'Week of',
      submitted: 'Submitted',
      straightThrough: 'Straight through',
      rate: 'Rate (%)',
    },
    decisionMix: {
      title: 'Decision mix per benefit',
      description:
        'Stacked bars: per benefit, the submitted disclosures’ consolidated decisions by kind.',
      benefit: 'Benefit',
    },
    topConditions: {
      title: 'Top {count} conditions',
      description:
        'Horizontal stacked bars: the most disclosed conditions and their decisions by kind, all benefits together.',
      condition: 'Condition',
      disclosures: 'Disclosures',
    },
    searchMisses: {
      title: 'Searched terms with no match',
      description: 'Bars: the terms searched for that found no condition, most frequent first.',
      term: 'Searched term',
      count: 'Searches',
      note: 'These terms can be added as synonyms once the catalogue studio exists.',
    },
    durations: {
      title: 'Time to submit and to validate',
      description:
        'The median and the 90th percentile of the time from request to submission and from submission to validation.',
      interval: 'Interval',
      count: 'Disclosures',
      median: 'Median',
      p90: '90th percentile',
      requestToSubmit: 'Request → submit',
      submitToValidate: 'Submit → validate',
      none: '–',
    },
    rejections: {
      title: 'Rejection rate and reasons',
      description: 'Bars: the reasons given most often when returning a disclosure.',
      summary: '{rejected} of {reviewed} reviewed disclosures were rejected ({rate}).',
      reason: 'Reason',
      count: 'Rejections',
    },
    overrides: {
      title: 'Overrides per condition and catalogue version',
      description:
        'Bars: how often underwriters overrode the engine’s decision, per condition and catalogue version.',
      version: 'Catalogue version',
      condition: 'Condition',
      count: 'Overrides',
      label: '{name} (v{version})',
    },
    units: {
      d: '{count} d',
      h: '{count} h',
      min: '{count} min',
      s: '{count} s',
    },
  },
};

type DashboardTexts = typeof en;

const cnTraditional: DashboardTexts = {
  dashboard: {
    title: '營運儀表板',
    documentTitle: '儀表板',
    filters: {
      title: '篩選條件',
      show: '顯示篩選條件',
      hide: '隱藏篩選條件',
      insurer: '保險公司',
      channel: '渠道',
      product: '產品',
      any: '全部',
      from: '由',
      to: '至',
      clear: '清除篩選條件',
    },
    asOf: '數據截至 {time}，範圍由 {from} 至 {to}。',
    loading: '正在載入數據',
    failed: '未能載入儀表板。',
    refused: '儀表板不接受這些篩選條件：{message}',
    view: '{title}的顯示方式',
    chart: '圖表',
    table: '表格',
    download: '下載 CSV',
    downloadLabel: '下載 CSV：{title}',
    empty: '這些篩選條件下沒有數據。',
    total: '總數',
    categories: {
      standard: '標準',
      debits: '加分',
      exclusion: '除外',
      refer: '轉介核保',
      postpone: '延遲',
      decline: '拒保',
    },
    perDay: {
      title: '每日申報（按狀態）',
      description: '堆疊棒形圖：每日建立的申報，按其現時狀態著色。表格顯示相同數據。',
      day: '日期',
    },
    straightThrough: {
      title: '每週直通率',
      description: '折線圖：按提交週，無需核保員決定（沒有轉介、延遲或拒保）的已提交申報所佔比例。',
      week: '週（星期一）',
      submitted: '已提交',
      straightThrough: '直通',
      rate: '比率（%）',
    },
    decisionMix: {
      title: '各保障的決定分佈',
      description: '堆疊棒形圖：按保障，已提交申報的綜合決定類別。',
      benefit: '保障',
    },
    topConditions: {
      title: '最常見的 {count} 種病症',
      description: '橫向堆疊棒形圖：最常申報的病症及其決定類別（所有保障合計）。',
      condition: '病症',
      disclosures: '申報數',
    },
    searchMisses: {
      title: '沒有結果的搜尋字詞',
      description: '棒形圖：找不到病症的搜尋字詞，最常見的排先。',
      term: '搜尋字詞',
      count: '搜尋次數',
      note: '目錄工作室推出後，可將這些字詞加入為同義詞。',
    },
    durations: {
      title: '提交及確認所需時間',
      description: '由申請至提交、由提交至確認所需時間的中位數及第 90 百分位數。',
      interval: '期間',
      count: '申報數',
      median: '中位數',
      p90: '第 90 百分位數',
      requestToSubmit: '申請 → 提交',
      submitToValidate: '提交 → 確認',
      none: '–',
    },
    rejections: {
      title: '退回率及原因',
      description: '棒形圖：退回申報時最常給出的原因。',
      summary: '已審核的 {reviewed} 份申報中，{rejected} 份被退回（{rate}）。',
      reason: '原因',
      count: '退回次數',
    },
    overrides: {
      title: '各病症及目錄版本的決定覆寫',
      description: '棒形圖：核保員按病症及目錄版本覆寫引擎決定的次數。',
      version: '目錄版本',
      condition: '病症',
      count: '覆寫次數',
      label: '{name}（v{version}）',
    },
    units: {
      d: '{count} 日',
      h: '{count} 小時',
      min: '{count} 分鐘',
      s: '{count} 秒',
    },
  },
};

/** The dashboard screen's texts by language, added to i18next when the screen's route loads. */
export const dashboardTexts = { en, cn_traditional: cnTraditional };
