/**
 * The impact panel's texts (requirements K-09), merged into i18next's resources with the
 * studio's screens. Decision values are worded by the versions screen's own texts.
 */
const en = {
  catalogueImpact: {
    title: 'Impact before release',
    introVersion:
      'Replay the disclosures your insurers submitted recently against version {version} and see which decisions would change. Nothing stored changes.',
    introDraft:
      'Replay the disclosures your insurers submitted recently against this draft as last saved and see which decisions would change. Nothing stored changes.',
    days: 'Submitted in the last (days)',
    daysHelp: 'From 1 to 3,660 days.',
    daysInvalid: 'Enter a whole number of days from 1 to 3,660.',
    run: 'Show the impact',
    running: 'Replaying the submitted disclosures…',
    failed: 'The impact could not be worked out.',
    summary:
      '{replayed} disclosure(s) submitted since {since} replayed: {changed} would get at least one other decision.',
    failedCount: '{failed} disclosure(s) could not be replayed.',
    nothingReplayed: 'No disclosure of your insurers was submitted in that time.',
    noChange: 'No decision would change.',
    cellsCaption: 'Decisions that would change, per condition and benefit',
    examplesCaption: 'Examples of decisions that would change',
    column: {
      condition: 'Condition',
      indicator: 'Benefit',
      changed: 'Would change',
      replayed: 'Replayed',
      applicationNumber: 'Application number',
      before: 'Now',
      after: 'After the release',
    },
    removed: '{decision} (condition no longer offered)',
  },
};

const cnTraditional: typeof en = {
  catalogueImpact: {
    title: '發佈前的影響',
    introVersion:
      '以第 {version} 版重新計算閣下保險公司近期提交的披露，查看哪些決定會改變。已儲存的資料不會改變。',
    introDraft:
      '以此草稿最後儲存的內容重新計算閣下保險公司近期提交的披露，查看哪些決定會改變。已儲存的資料不會改變。',
    days: '最近提交（日數）',
    daysHelp: '1 至 3,660 日。',
    daysInvalid: '請輸入 1 至 3,660 之間的整數日數。',
    run: '顯示影響',
    running: '正在重新計算已提交的披露…',
    failed: '未能計算影響。',
    summary:
      '已重新計算自 {since} 起提交的 {replayed} 份披露：其中 {changed} 份最少有一個決定會改變。',
    failedCount: '{failed} 份披露未能重新計算。',
    nothingReplayed: '閣下的保險公司在此期間沒有提交任何披露。',
    noChange: '沒有決定會改變。',
    cellsCaption: '會改變的決定（按病況及保障）',
    examplesCaption: '會改變的決定例子',
    column: {
      condition: '病況',
      indicator: '保障',
      changed: '會改變',
      replayed: '已重新計算',
      applicationNumber: '申請編號',
      before: '現時',
      after: '發佈後',
    },
    removed: '{decision}（不再提供此病況）',
  },
};

export const catalogueImpactTexts = { en, cn_traditional: cnTraditional };
